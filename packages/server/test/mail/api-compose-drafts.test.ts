/**
 * Drafts (save, replace, send), resend, and a composed mail going out end to end: a real
 * OutboxWorker sends through the store mailbox's SMTP to a real smtp-server receiver.
 */
import type { TMailLog, TTimelineEntry, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { CUT_OFF_ERROR } from '../../src/modules/mail/outbox/outbox-outcome.service';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createUser, type StoreFixture } from '../helpers/factories';
import { multipartFile } from '../helpers/files';
import type { SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sendingStore } from './sending-store';

const fast: OutboxOptions = { ...DEFAULT_OUTBOX_OPTIONS, backoffBaseMs: 20, backoffMaxMs: 100, pollMs: 20 };

let t: TestApp;
let smtp: SmtpReceiver;
let store: StoreFixture;
let staff: Session;
let otherStaff: Session;
let caseRow: Awaited<ReturnType<typeof createCase>>;
let otherCase: Awaited<ReturnType<typeof createCase>>;
let inboundId: number;

const draftsUrl = (workFlow: string, id?: number) =>
  `/v2/api/claims/mails/${workFlow}/mail-logs${id === undefined ? '' : `/${String(id)}`}`;
const composeUrl = (id: number, query = '') =>
  `/v2/api/claims/mails/claim/mail-compose/${String(id)}${query}`;
const resend = (session: Session, id: number) =>
  call(t.app, session, { method: 'PUT', url: `/v2/api/claims/mails/resend/${String(id)}` });
const worker = (options: OutboxOptions = fast) =>
  new OutboxWorker(
    { db: t.db, files: t.app.deps.files },
    (mail) => sendThroughMailbox(t.app.deps.secrets, mail),
    options,
  );

async function row(id: number) {
  const [found] = await t.db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, id)));
  if (!found) throw new Error('no mail row');
  const jobs = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, id)));
  return { row: found, jobs };
}

const pendingCount = async () =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, store.tenantId), eq(cases.id, caseRow.id)))
  )[0]?.n ?? -1;

const timeline = async () =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseRow.id)}/timeline` })).json<
    TTimelineEntry[]
  >();

beforeAll(async () => {
  t = await createTestApp();
  let other: StoreFixture;
  ({ smtp, store, other, staff, otherStaff, caseRow, inboundId } = await sendingStore(
    t,
    '<q1@customer.test>',
  ));
  otherCase = await createCase(t.db, other.tenantId, { customerEmail: 'kari@customer.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseNext(0);
});

describe('drafts', () => {
  let draft: TMailLog;

  it('saves a draft: no bytes, no send job, no pending count, recipients may be empty', async () => {
    const { payload, headers } = multipartFile(Buffer.from('order 42'), {
      filename: 'order.txt',
      contentType: 'text/plain',
    });
    const receipt = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/attachments',
        body: payload,
        headers,
      })
    ).json<TUploadAttachmentResponse>();
    const before = await pendingCount();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: {
        caseId: caseRow.id,
        sendType: 'customer',
        mailLogId: inboundId,
        to: [],
        subject: 'Re: Broken kettle',
        html: '<p>Half written</p>',
        attachments: [{ uploadId: receipt.uploadId }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    draft = response.json<TMailLog>();
    expect(draft).toMatchObject({
      caseId: caseRow.id,
      direction: 'out',
      sendState: 'draft',
      subject: 'Re: Broken kettle',
      text: 'Half written',
      inReplyTo: '<q1@customer.test>',
      to: [],
    });
    expect(draft.attachments).toMatchObject([{ fileName: 'order.txt', fileType: 'text/plain', size: 8 }]);
    const stored = await row(draft.id);
    expect(stored.row.rawFileHash).toBeNull();
    expect(stored.jobs).toEqual([]);
    expect(await pendingCount()).toBe(before);
    expect((await timeline()).filter((e) => e.mailLogId === draft.id)).toEqual([]);
  });

  it('replaces the draft, keeping its own attachment by filePath', async () => {
    const response = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Broken kettle',
        html: '<p>Now complete</p>',
        attachments: [{ filePath: draft.attachments[0]?.filePath }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<TMailLog>();
    expect(updated).toMatchObject({
      id: draft.id,
      sendState: 'draft',
      text: 'Now complete',
      inReplyTo: '<q1@customer.test>',
    });
    expect(updated.attachments.map((a) => a.fileName)).toEqual(['order.txt']);
    draft = updated;
  });

  it('refuses bad addresses in a draft, another store’s case, and another workflow', async () => {
    const bad = await call(t.app, staff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: { caseId: caseRow.id, to: ['nope'], subject: '', html: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to.0');
    const foreignCase = await call(t.app, otherStaff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: { caseId: caseRow.id, subject: 'Taken over', html: '' },
    });
    expect(foreignCase.statusCode).toBe(404);
    const foreignDraft = await call(t.app, otherStaff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { subject: 'Taken over', html: '', send: true, to: ['x@other.test'] },
    });
    expect(foreignDraft.statusCode).toBe(404);
    const workflow = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('support', draft.id),
      body: { subject: 'Wrong workflow', html: '' },
    });
    expect(workflow.statusCode).toBe(404);
    const inbound = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', inboundId),
      body: { subject: 'Not a draft', html: '' },
    });
    expect(inbound.statusCode).toBe(404);
    expect((await row(draft.id)).row.subject).toBe('Re: Broken kettle');
  });

  it('sends the draft: checked like a mail, then queued with its thread and files', async () => {
    const missing = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { to: [], subject: 'Re: Broken kettle', html: '<p>Now complete</p>', send: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to');
    expect((await row(draft.id)).row.sendState).toBe('draft');

    const before = await pendingCount();
    const response = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Broken kettle',
        html: '<p>Now complete</p>',
        attachments: [{ filePath: draft.attachments[0]?.filePath }],
        send: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<TMailLog>();
    expect(sent).toMatchObject({ id: draft.id, sendState: 'pending', inReplyTo: '<q1@customer.test>' });
    expect(sent.subject).toBe(`Re: Broken kettle [#${String(caseRow.caseNumber)}]`);
    expect(sent.attachments.map((a) => a.fileName)).toEqual(['order.txt']);
    const stored = await row(draft.id);
    expect(stored.jobs).toHaveLength(1);
    expect(await pendingCount()).toBe(before + 1);
    expect((await timeline()).at(-1)).toMatchObject({ kind: 'mail-out', mailLogId: draft.id });

    expect(await worker().runOnce()).toBe(1);
    const received = smtp.received[0];
    expect(received?.to).toEqual(['kari@customer.test']);
    const parsed = await simpleParser(received?.raw ?? Buffer.alloc(0));
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.inReplyTo).toBe('<q1@customer.test>');
    expect(parsed.subject).toBe(sent.subject);
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['order.txt', 'order 42'],
    ]);
    expect((await row(draft.id)).row.sendState).toBe('sent');
    expect(await pendingCount()).toBe(before);

    const again = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { subject: 'Changed after sending', html: '' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('is deleted with the mail delete call (the pop-up’s delete), and is gone after', async () => {
    const saved = (
      await call(t.app, staff, {
        method: 'POST',
        url: draftsUrl('claim'),
        body: { caseId: caseRow.id, subject: 'Never mind', html: '<p>Never mind</p>' },
      })
    ).json<TMailLog>();
    const deleted = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(saved.id)}?isDelete=true`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', saved.id),
      body: { subject: 'Back again', html: '' },
    });
    expect(after.statusCode).toBe(404);
  });
});

describe('resend', () => {
  async function queue(subject: string): Promise<TMailLog> {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { to: ['kari@customer.test'], subject, html: `<p>${subject}</p>` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TMailLog>();
  }

  it('queues a failed mail again with the same bytes and Message-ID', async () => {
    const mail = await queue('Will fail first');
    smtp.refuseNext(1);
    expect(await worker({ ...fast, maxAttempts: 1 }).runOnce()).toBe(1);
    const failed = await row(mail.id);
    expect(failed.row).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(failed.row.sendError).toMatch(/451/);
    expect(failed.jobs).toEqual([]);
    const before = await pendingCount();

    const response = await resend(staff, mail.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog>()).toMatchObject({
      id: mail.id,
      sendState: 'pending',
      sendAttempts: 0,
      sendError: null,
      messageId: mail.messageId,
    });
    const queued = await row(mail.id);
    expect(queued.jobs).toHaveLength(1);
    expect(queued.row.rawFileHash).toBe(failed.row.rawFileHash);
    expect(await pendingCount()).toBe(before + 1);
    expect((await timeline()).at(-1)).toMatchObject({
      kind: 'mail-out',
      mailLogId: mail.id,
      changes: [{ field: 'sendState', from: 'failed', to: 'pending' }],
    });

    const pending = await resend(staff, mail.id);
    expect(pending.statusCode).toBe(409);

    expect(await worker().runOnce()).toBe(1);
    const stored = await t.app.deps.files.get(failed.row.rawFileHash ?? '');
    expect(smtp.received[0]?.raw.toString().trim()).toBe(stored?.toString().trim());
    expect((await simpleParser(smtp.received[0]?.raw ?? Buffer.alloc(0))).messageId).toBe(mail.messageId);
    expect((await row(mail.id)).row).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    expect(await pendingCount()).toBe(before);
  });

  it('resends a mail that may have been delivered only once the person confirms', async () => {
    const mail = await queue('Cut off while sending');
    // As the worker leaves a mail whose connection broke during DATA.
    await t.db
      .update(mailLogs)
      .set({ sendState: 'failed', sendError: CUT_OFF_ERROR })
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, mail.id)));
    await t.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, mail.id)));
    const asked = await resend(staff, mail.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json<{ fieldErrors: Record<string, string> }>().fieldErrors.confirm).toMatch(
      /resend only if/,
    );
    expect((await row(mail.id)).jobs).toEqual([]);
    const confirmed = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/resend/${String(mail.id)}?confirm=true`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await row(mail.id)).jobs).toHaveLength(1);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends a sent mail once more on request', async () => {
    const mail = await queue('Send twice');
    expect(await worker().runOnce()).toBe(1);
    expect((await resend(staff, mail.id)).statusCode).toBe(200);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(2);
    const ids = await Promise.all(smtp.received.map(async (r) => (await simpleParser(r.raw)).messageId));
    expect(ids).toEqual([mail.messageId, mail.messageId]);
  });

  it('refuses an inbound mail or a draft (400), and another store’s mail (404)', async () => {
    const inbound = await resend(staff, inboundId);
    expect(inbound.statusCode).toBe(400);
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: draftsUrl('claim'),
        body: { caseId: caseRow.id, subject: 'Draft', html: '' },
      })
    ).json<TMailLog>();
    expect((await resend(staff, draft.id)).statusCode).toBe(400);
    const mail = await queue('Theirs to resend');
    expect(await worker().runOnce()).toBe(1);
    expect((await resend(otherStaff, mail.id)).statusCode).toBe(404);
    expect((await row(mail.id)).row.sendState).toBe('sent');
    expect((await resend(staff, 999_999)).statusCode).toBe(404);
  });
});

describe('uploads under the default limit', () => {
  it('takes a file larger than the 1 MB JSON body limit', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const { payload, headers } = multipartFile(bytes, {
      filename: 'scan.pdf',
      contentType: 'application/pdf',
    });
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TUploadAttachmentResponse>()).toMatchObject({
      fileName: 'scan.pdf',
      size: bytes.byteLength,
    });
  });
});

describe('large bodies', () => {
  it('takes a mail whose HTML is larger than the 1 MB JSON body limit', async () => {
    const html = `<p>${'A long pasted text. '.repeat(100_000)}</p>`;
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'Long', html },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    expect(response.json<TMailLog>().text?.length).toBeGreaterThan(1_900_000);
  });
});

describe('access', () => {
  it('keeps the compose calls to staff of the store', async () => {
    const viewer = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, viewer, { url: composeUrl(caseRow.id) })).statusCode).toBe(403);
    expect((await resend(viewer, inboundId)).statusCode).toBe(403);
    expect((await call(t.app, otherStaff, { url: composeUrl(otherCase.id) })).statusCode).toBe(200);
  });
});
