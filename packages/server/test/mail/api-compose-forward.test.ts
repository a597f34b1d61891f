/**
 * Composing through HTTP, forwarding: the prefilled Fwd: with the mail's headers and files, the
 * forward sent with the forwarded files, and another store's mail or file.
 */
import type { TMailCompose, TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import {
  attachedId,
  caseRow,
  composeUrl,
  otherCase,
  otherStaff,
  setUpComposeApp,
  staff,
  store,
  stored,
  t,
  tag,
} from './compose-setup';

setUpComposeApp();

describe('forward', () => {
  it('prefills Fwd:, the mail under its headers, and its attachments', async () => {
    const response = await call(t.app, staff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const compose = response.json<TMailCompose>();
    expect(compose).toMatchObject({
      sendType: 'forward',
      mailLogType: 'customer',
      mailLogId: attachedId,
      subject: `Fwd: Receipt ${tag(caseRow)}`,
      to: [],
      inReplyTo: null,
    });
    expect(compose.text).toContain('From: Kari Nordmann <kari@customer.test>');
    expect(compose.text).toContain(`Subject: Receipt ${tag(caseRow)}`);
    expect(compose.text).toContain('The receipt is attached.');
    expect(compose.attachments).toMatchObject([{ fileName: 'receipt.pdf', fileType: 'application/pdf' }]);
    expect(compose.attachments[0]?.filePath).toMatch(new RegExp(`^mails/${String(attachedId)}/\\d+$`));
  });

  it('sends the forward with the forwarded files, as a new thread on the case', async () => {
    const compose = (
      await call(t.app, staff, {
        url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
      })
    ).json<TMailCompose>();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id, `?sendType=forward&mailLogId=${String(attachedId)}`),
      body: {
        to: ['accounting@store.test'],
        subject: compose.subject,
        html: compose.html,
        attachments: compose.attachments.map((a) => ({ filePath: a.filePath })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      mailLogType: 'customer',
      inReplyTo: null,
      subject: `Fwd: Receipt ${tag(caseRow)}`,
    });
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['receipt.pdf', 'application/pdf', '%PDF-1.4 receipt'],
    ]);
    expect(parsed?.text).toContain('The receipt is attached.');
  });

  it('needs the mail to forward (400) and refuses a file of another store (404)', async () => {
    const missing = await call(t.app, staff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('mailLogId');
    const foreign = await call(t.app, otherStaff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
    });
    expect(foreign.statusCode).toBe(404);
    const [attachment] = (
      await call(t.app, staff, {
        url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
      })
    ).json<TMailCompose>().attachments;
    const stolen = await call(t.app, otherStaff, {
      method: 'POST',
      url: composeUrl('claim', otherCase.id),
      body: {
        to: ['x@other.test'],
        subject: 'x',
        html: '',
        attachments: [{ filePath: attachment?.filePath }],
      },
    });
    expect(stolen.statusCode).toBe(404);
    const badPath = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['x@other.test'], subject: 'x', html: '', attachments: [{ filePath: '../../etc/passwd' }] },
    });
    expect(badPath.statusCode).toBe(400);
  });
});
