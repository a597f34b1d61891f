/**
 * Mails without a case: the reply to an unmapped mail prefilled, its draft kept on the server
 * (listed under type=drafts, not under sent), changed, sent from the draft and delivered through a
 * real SMTP receiver with the thread's headers; and refusals (a mail on a case, another store).
 */
import type { TListUnmappedMailsResponse, TMailCompose, TMailLog } from '@claimdesk/contracts';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from '../../src/modules/mail/outbox/outbox.worker';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { call, type Session } from '../helpers/api';
import type { SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';
import { sendingStore } from './sending-store';

let t: TestApp;
let smtp: SmtpReceiver;
let staff: Session;
let otherStaff: Session;
let tenantId: string;
let caseMailId: number;
let unmappedId: number;

const NEW = '/v2/api/unmapped-mails/compose-mail/new';
const DRAFTS = '/v2/api/unmapped-mails/compose-mail/drafts';
const list = async (type: string) =>
  (
    await call(t.app, staff, { url: `/v2/api/unmapped-mails?type=${type}` })
  ).json<TListUnmappedMailsResponse>().items;

beforeAll(async () => {
  t = await createTestApp();
  let store;
  ({
    smtp,
    store,
    staff,
    otherStaff,
    inboundId: caseMailId,
  } = await sendingStore(t, '<case1@customer.test>'));
  tenantId = store.tenantId;
  // A customer writes without a case tag: the mail waits in the unmapped inbox.
  const outcome = await ingestMail(
    { db: forTenant(t.db, tenantId), files: t.app.deps.files },
    {
      raw: rawMail({
        messageId: '<loose1@customer.test>',
        from: 'Ola Hansen <ola@customer.test>',
        subject: 'Where is my order?',
        body: 'I ordered a kettle two weeks ago.',
        headers: ['References: <older@customer.test>'],
      }),
    },
  );
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  unmappedId = outcome.mailLogId;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('the reply to an unmapped mail', () => {
  it('is prefilled to its sender with "Re:", its quote and its thread headers', async () => {
    const response = await call(t.app, staff, { url: `${NEW}?mailLogId=${String(unmappedId)}` });
    expect(response.statusCode, response.body).toBe(200);
    const compose = response.json<TMailCompose>();
    expect(compose).toMatchObject({
      caseId: null,
      mailLogId: unmappedId,
      mailLogType: 'customer',
      to: ['ola@customer.test'],
      subject: 'Re: Where is my order?',
      inReplyTo: '<loose1@customer.test>',
      references: ['<older@customer.test>', '<loose1@customer.test>'],
      from: { address: 'support@store.test' },
    });
    expect(compose.html).toContain('<blockquote');
    expect(compose.text).toContain('I ordered a kettle two weeks ago.');
  });

  it('is refused for a mail on a case, an unknown one and another store’s (404), and a bad id (400)', async () => {
    expect((await call(t.app, staff, { url: `${NEW}?mailLogId=${String(caseMailId)}` })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, staff, { url: `${NEW}?mailLogId=2147483000` })).statusCode).toBe(404);
    expect(
      (await call(t.app, otherStaff, { url: `${NEW}?mailLogId=${String(unmappedId)}` })).statusCode,
    ).toBe(404);
    const bad = await call(t.app, staff, { url: `${NEW}?mailLogId=abc` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a draft without a case', () => {
  let draft: TMailLog;

  it('is kept on the server, listed under drafts and not under sent', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: DRAFTS,
      body: {
        to: ['ola@customer.test'],
        subject: 'Re: Where is my order?',
        html: '<p>Let me look</p>',
        mailLogId: unmappedId,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    draft = response.json<TMailLog>();
    expect(draft).toMatchObject({
      caseId: null,
      direction: 'out',
      sendState: 'draft',
      inReplyTo: '<loose1@customer.test>',
    });
    expect((await list('drafts')).map((m) => m.id)).toContain(draft.id);
    expect((await list('sent')).map((m) => m.id)).not.toContain(draft.id);
    // Another store neither lists it nor changes it.
    const theirs = await call(t.app, otherStaff, { url: '/v2/api/unmapped-mails?type=drafts' });
    expect(theirs.json<TListUnmappedMailsResponse>().items).toEqual([]);
    const taken = await call(t.app, otherStaff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(draft.id)}`,
      body: { subject: 'Taken over', html: '' },
    });
    expect(taken.statusCode).toBe(404);
  });

  it('is replaced, keeping the thread it answers', async () => {
    const response = await call(t.app, staff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(draft.id)}`,
      body: { to: ['ola@customer.test'], subject: 'Re: Where is my order?', html: '<p>It left today</p>' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog>()).toMatchObject({
      id: draft.id,
      sendState: 'draft',
      inReplyTo: '<loose1@customer.test>',
    });
    expect(response.json<TMailLog>().html).toContain('It left today');
  });

  it('is refused through the case drafts’ call, and a case’s draft through this one', async () => {
    const viaCase = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(draft.id)}`,
      body: { subject: 'Wrong door', html: '' },
    });
    expect(viaCase.statusCode).toBe(404);
    const caseMail = await call(t.app, staff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(caseMailId)}`,
      body: { subject: 'Wrong door', html: '' },
    });
    expect(caseMail.statusCode).toBe(404);
  });

  it('is sent: checked as a mail, queued, delivered once with the thread’s headers, then no draft', async () => {
    const missing = await call(t.app, staff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(draft.id)}`,
      body: { to: [], subject: 'Re: Where is my order?', html: '<p>It left today</p>', send: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to');

    const response = await call(t.app, staff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(draft.id)}`,
      body: {
        to: ['ola@customer.test'],
        subject: 'Re: Where is my order?',
        html: '<p>It left today</p>',
        send: true,
        delaySeconds: 0,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<TMailLog>();
    expect(sent).toMatchObject({ id: draft.id, sendState: 'pending', caseId: null });
    expect((await list('drafts')).map((m) => m.id)).not.toContain(draft.id);
    expect((await list('sent')).map((m) => m.id)).toContain(draft.id);

    const worker = new OutboxWorker(
      { db: t.db, files: t.app.deps.files },
      (mail) => sendThroughMailbox(t.app.deps.secrets, mail),
      { ...DEFAULT_OUTBOX_OPTIONS, pollMs: 20 },
    );
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const parsed = await simpleParser(smtp.received[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.inReplyTo).toBe('<loose1@customer.test>');
    expect(parsed.text).toContain('It left today');
    expect(smtp.received[0]?.to).toEqual(['ola@customer.test']);

    const again = await call(t.app, staff, {
      method: 'PUT',
      url: `${DRAFTS}/${String(draft.id)}`,
      body: { subject: 'Changed after sending', html: '' },
    });
    expect(again.statusCode).toBe(409);
  });
});
