/** The rules and defaults in the mail requests: compose, templates, mailboxes, mail lists and attachments. */
import { describe, expect, it } from 'vitest';
import { leftPlaceholders, parseTemplate } from '../mail/templates/placeholders';
import { ZMailAttachmentQuery } from '../mail/api/mail-attachment';
import { ZListCaseMailsQuery } from '../mail/api/list-case-mails';
import {
  MAIL_MAX_RECIPIENTS,
  ZComposeAttachmentRef,
  ZComposeFields,
  ZSendFields,
} from '../mail/compose/compose-common';
import { ZCreateMailboxRequest } from '../mail/mailboxes/create-mailbox';
import {
  MAIL_TEMPLATE_BODY_MAX_BYTES,
  ZMailTemplateBody,
  ZMailTemplateKey,
  ZMailTemplateSubject,
} from '../mail/templates/mail-template';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

describe('compose fields', () => {
  it('a draft may be empty: recipients, subject, body and attachments default to nothing', () => {
    expect(ZComposeFields.parse({})).toEqual({
      to: [],
      cc: [],
      bcc: [],
      subject: '',
      html: '',
      attachments: [],
    });
    expect(ZComposeFields.parse({ to: [' Kari@Customer.TEST '], subject: ' Hi ' })).toMatchObject({
      to: ['kari@customer.test'],
      subject: 'Hi',
    });
  });

  it('a mail to send needs a recipient and a subject, and takes at most the recipient limit', () => {
    expect(issues(ZSendFields.safeParse({ to: [], subject: '  ' }))).toEqual([
      'to: At least one recipient',
      'subject: Required',
    ]);
    const many = Array.from({ length: MAIL_MAX_RECIPIENTS + 1 }, (_, i) => `r${String(i)}@customer.test`);
    expect(issues(ZSendFields.safeParse({ to: ['a@customer.test'], cc: many, subject: 'Hi' }))).toEqual([
      `cc: At most ${String(MAIL_MAX_RECIPIENTS)}`,
    ]);
    expect(issues(ZSendFields.safeParse({ to: ['a@customer.test', 'nobody'], subject: 'Hi' }))).toEqual([
      'to.1: Must be a valid email address',
    ]);
  });

  it('an attachment is an upload or a stored mail’s file, never both and never neither', () => {
    expect(ZComposeAttachmentRef.parse({ uploadId: 'u-1' })).toEqual({ uploadId: 'u-1' });
    expect(ZComposeAttachmentRef.parse({ filePath: 'mails/1/2' })).toEqual({ filePath: 'mails/1/2' });
    for (const ref of [{}, { uploadId: 'u-1', filePath: 'mails/1/2' }]) {
      expect(issues(ZComposeAttachmentRef.safeParse(ref)), JSON.stringify(ref)).toEqual([
        ': Give either uploadId or filePath',
      ]);
    }
    expect(issues(ZComposeFields.safeParse({ attachments: [{ uploadId: 'u-1' }, {}] }))).toEqual([
      'attachments.1: Give either uploadId or filePath',
    ]);
  });
});

describe('mail templates', () => {
  it('a key is a lower-case slug', () => {
    expect(ZMailTemplateKey.parse('claim-received')).toBe('claim-received');
    expect(issues(ZMailTemplateKey.safeParse('Claim received'))).toEqual([
      ': Lower-case letters, digits and -, at most 60',
    ]);
  });

  it('a subject keeps its known placeholders and refuses unknown or unclosed ones, naming them', () => {
    expect(ZMailTemplateSubject.parse(' Claim {{case.number}} for {{customer.name}} ')).toBe(
      'Claim {{case.number}} for {{customer.name}}',
    );
    expect(issues(ZMailTemplateSubject.safeParse('Claim {{case.nmber}}'))).toEqual([
      ': Unknown placeholder {{case.nmber}}',
    ]);
    expect(issues(ZMailTemplateSubject.safeParse('Claim {{case.number'))).toEqual([
      ': Unclosed placeholder "{{case.number"',
    ]);
    expect(issues(ZMailTemplateSubject.safeParse('   '))[0]).toBe(': Required');
  });

  it('a placeholder may carry a fallback, of a bounded length; leftPlaceholders finds those written out', () => {
    expect(ZMailTemplateSubject.parse('Claim for {{supplier.name|your supplier}}')).toBe(
      'Claim for {{supplier.name|your supplier}}',
    );
    expect(parseTemplate('Hi {{ customer.name | there }}!').parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      {
        kind: 'placeholder',
        name: 'customer.name',
        fallback: 'there',
        source: '{{ customer.name | there }}',
      },
      { kind: 'text', text: '!' },
    ]);
    expect(issues(ZMailTemplateSubject.safeParse(`{{customer.name|${'x'.repeat(201)}}}`))).toEqual([
      ': The fallback of {{customer.name}} is longer than 200 characters',
    ]);
    expect(leftPlaceholders('Dear {{customer.name}}, {{x}} {{supplier.name|a}} {{case.number}}')).toEqual([
      'customer.name',
      'supplier.name',
      'case.number',
    ]);
  });

  it('a body takes up to its limit in bytes, counted in UTF-8', () => {
    const atLimit = 'a'.repeat(MAIL_TEMPLATE_BODY_MAX_BYTES);
    expect(ZMailTemplateBody.parse(atLimit)).toBe(atLimit);
    // "æ" is two bytes: half the limit in characters is already too much.
    const tooLarge = 'æ'.repeat(MAIL_TEMPLATE_BODY_MAX_BYTES / 2 + 1);
    expect(issues(ZMailTemplateBody.safeParse(tooLarge))).toEqual([
      `: At most ${String(MAIL_TEMPLATE_BODY_MAX_BYTES / 1024)} kB`,
    ]);
    expect(issues(ZMailTemplateBody.safeParse('<p>{{nope}}</p>'))).toEqual([
      ': Unknown placeholder {{nope}}',
    ]);
  });
});

describe('ZCreateMailboxRequest', () => {
  it('fills in the usual ports, TLS, the folder and enabled for a password mailbox', () => {
    const request = {
      kind: 'imap-password',
      address: 'Desk@Store.TEST',
      imapHost: 'imap.store.test',
      imapUser: 'desk',
      smtpHost: 'smtp.store.test',
      password: 'secret',
    };
    expect(ZCreateMailboxRequest.parse(request)).toEqual({
      ...request,
      address: 'desk@store.test',
      imapPort: 993,
      imapSecure: true,
      imapFolder: 'INBOX',
      smtpPort: 465,
      smtpSecure: true,
      isEnabled: true,
    });
  });

  it('takes only the address for a forward mailbox, and refuses an unknown kind at kind', () => {
    expect(ZCreateMailboxRequest.parse({ kind: 'forward', address: 'claims@store.test' })).toEqual({
      kind: 'forward',
      address: 'claims@store.test',
      isEnabled: true,
    });
    expect(
      ZCreateMailboxRequest.safeParse({ kind: 'pop3', address: 'a@store.test' }).error?.issues.map(
        (i) => i.path,
      ),
    ).toEqual([['kind']]);
  });
});

describe('mail list and attachment queries', () => {
  it('an empty storeCode or mailLogType means none given', () => {
    expect(ZListCaseMailsQuery.parse({ storeCode: '', mailLogType: '' })).toEqual({});
    expect(ZListCaseMailsQuery.parse({ storeCode: 'store-1', mailLogType: 'customer' })).toEqual({
      storeCode: 'store-1',
      mailLogType: 'customer',
    });
  });

  it('an attachment is named by its path mails/{mailId}/{attachmentId}, nothing else', () => {
    expect(ZMailAttachmentQuery.parse({ attachmentDetail: 'mails/12/3' })).toEqual({
      attachmentDetail: 'mails/12/3',
    });
    for (const path of ['mails/12', '../etc/passwd', 'mails/a/3', 'mails/12/3/4']) {
      expect(issues(ZMailAttachmentQuery.safeParse({ attachmentDetail: path })), path).toEqual([
        'attachmentDetail: Not an attachment path (mails/{mailId}/{attachmentId})',
      ]);
    }
  });
});
