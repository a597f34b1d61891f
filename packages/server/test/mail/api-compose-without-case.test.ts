/**
 * Composing through HTTP, a new mail without a case: the blank prefill, queued without a tag, an
 * unmapped mail answered, and the system sender for a store without a mailbox.
 */
import type { TMailCompose, TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { inboundId, ingest, otherStaff, setUpComposeApp, staff, store, stored, t } from './compose-setup';
import { rawMail } from './mail-store';

setUpComposeApp();

describe('a new mail without a case', () => {
  it('prefills a blank mail from the store mailbox', async () => {
    const response = await call(t.app, staff, { url: '/v2/api/unmapped-mails/compose-mail/new' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailCompose>()).toMatchObject({
      caseId: null,
      sendType: null,
      from: { address: 'support@store.test' },
      to: [],
      subject: '',
    });
  });

  it('queues it without a case or tag', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['someone@else.test'], subject: 'Hello', html: '<p>Hello</p>', mailLogType: 'supplier' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      caseId: null,
      subject: 'Hello',
      mailLogType: 'supplier',
      sendState: 'pending',
    });
    expect(mail.messageId).toMatch(/^<claimdesk\.mail\./);
    const { jobs, parsed } = await stored(store.tenantId, mail.id);
    expect(jobs).toHaveLength(1);
    expect(parsed?.subject).toBe('Hello');
    expect(parsed?.from?.value[0]?.address).toBe('support@store.test');
  });

  it('answers an unmapped mail with its thread headers and type; a mail on a case is a 404', async () => {
    const question = await ingest(
      store.tenantId,
      rawMail({ messageId: '<unmapped-question@customer.test>', subject: 'Question about an order' }),
    );
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Question about an order',
        html: '<p>Which order?</p>',
        mailLogId: question.id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({ caseId: null, inReplyTo: question.messageId, mailLogType: 'customer' });
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.inReplyTo).toBe(question.messageId);
    const onCase = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['kari@customer.test'], subject: 'Re', html: '<p>x</p>', mailLogId: inboundId },
    });
    // The case's mail is answered on the case, where the reply gets its tag.
    expect(onCase.statusCode).toBe(404);
  });

  it('goes out from the system sender when the store has no mailbox', async () => {
    const response = await call(t.app, otherStaff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['someone@else.test'], subject: 'Hello', html: '<p>Hello</p>' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({ mailboxId: null, from: { address: 'no-reply@claimdesk.test' } });
  });
});
