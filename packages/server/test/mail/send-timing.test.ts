/**
 * Undo send, send later, send now and the held send, through HTTP with a real OutboxWorker
 * sending to a real smtp-server receiver. The worker polls only every 5 s (as in production), so
 * a mail that leaves on time shows that it wakes for the job's own time.
 */
import type { TMailLog, TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cases, mailLogs, mailOutbox } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from '../../src/modules/mail/outbox/outbox.worker';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { call, type Session } from '../helpers/api';
import { createCase, type StoreFixture } from '../helpers/factories';
import type { SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';
import { sendingStore } from './sending-store';

let t: TestApp;
let smtp: SmtpReceiver;
let store: StoreFixture;
let staff: Session;
let otherStaff: Session;
let worker: OutboxWorker;
let stopListening: () => void;
let caseRow: Awaited<ReturnType<typeof createCase>>;
let firstInboundId: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const composeUrl = (caseId: number) => `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`;
const mail = { to: ['kari@customer.test'], subject: 'Re: Broken kettle', html: '<p>On its way</p>' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function send(body: Record<string, unknown>, caseId = caseRow.id) {
  const response = await call(t.app, staff, {
    method: 'POST',
    url: composeUrl(caseId),
    body: { ...mail, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMailLog>();
}
const put = (session: Session, id: number, action: 'cancel-send' | 'send-now') =>
  call(t.app, session, { method: 'PUT', url: `/v2/api/claims/mails/${String(id)}/${action}` });

async function stored(id: number) {
  const [row] = await t.db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, id)));
  if (!row) throw new Error('no mail row');
  const jobs = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, id)));
  return { row, jobs };
}

/** The worker records the outcome just after the receiver took the mail. */
const recordedSent = (id: number) => expect.poll(async () => (await stored(id)).row.sendState).toBe('sent');

const pendingCount = async (caseId = caseRow.id) =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, store.tenantId), eq(cases.id, caseId)))
  )[0]?.n ?? -1;

const mailOutEntries = async (mailLogId: number, caseId = caseRow.id) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseId)}/timeline` }))
    .json<TTimelineEntry[]>()
    .filter((e) => e.mailLogId === mailLogId && e.kind === 'mail-out');

const receivedSubjects = () => smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw.toString())?.[1] ?? '');

async function customerWrites(options: { messageId: string; references: string; headers?: string[] }) {
  const outcome = await ingestMail(
    { db: forTenant(t.db, store.tenantId), files: t.app.deps.files },
    {
      raw: rawMail({
        messageId: options.messageId,
        subject: 'Re: Broken kettle',
        headers: [
          `In-Reply-To: ${options.references}`,
          `References: ${options.references}`,
          ...(options.headers ?? []),
        ],
      }),
    },
  );
  if (outcome.status !== 'stored') throw new Error('not stored');
  return outcome.mailLogId;
}

beforeAll(async () => {
  t = await createTestApp();
  ({
    smtp,
    store,
    staff,
    otherStaff,
    caseRow,
    inboundId: firstInboundId,
  } = await sendingStore(t, '<st1@customer.test>'));
  worker = new OutboxWorker(
    { db: t.db, files: t.app.deps.files },
    (m) => sendThroughMailbox(t.app.deps.secrets, m),
    { ...DEFAULT_OUTBOX_OPTIONS, pollMs: 5_000 },
  );
  stopListening = t.app.deps.outboxSignal.listen(() => {
    worker.notify();
  });
  worker.start();
});
afterAll(async () => {
  stopListening();
  await worker.stop();
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('undo window', () => {
  it('keeps a mail with delaySeconds 2 in the outbox for 2 s, then sends it', async () => {
    const before = Date.now();
    const pending = await send({ delaySeconds: 2, subject: 'Undo window' });
    expect(pending).toMatchObject({ sendState: 'pending', isSendLater: false });
    const leaves = Date.parse(pending.sendAt ?? '');
    expect(leaves).toBeGreaterThanOrEqual(before + 1_500);
    expect(leaves).toBeLessThanOrEqual(Date.now() + 2_500);
    // Another worker looking now does not claim it early.
    const early = new OutboxWorker({ db: t.db, files: t.app.deps.files }, () => Promise.resolve());
    expect((await early.claim()).map((job) => job.mail_log_id)).not.toContain(pending.id);
    await sleep(1_000);
    expect(smtp.received).toEqual([]);
    await smtp.waitFor(1, 3_000);
    expect(Date.now() - before).toBeLessThan(4_500);
    expect(receivedSubjects()).toEqual([`Undo window [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
    const after = await stored(pending.id);
    expect(after.row).toMatchObject({ sendState: 'sent', sendAt: null, isSendLater: false });
    expect(after.jobs).toEqual([]);
  });

  it('leaves at once when delaySeconds is left out', async () => {
    const pending = await send({ subject: 'At once' });
    expect(pending).toMatchObject({ sendState: 'pending', sendAt: null, isSendLater: false });
    await smtp.waitFor(1, 2_000);
    await recordedSent(pending.id);
  });

  it('refuses an undo window over 30 s (400 on the field)', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { ...mail, delaySeconds: 31 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'delaySeconds',
    );
  });

  it('cancel within the window makes it a draft again, and it never leaves', async () => {
    const countBefore = await pendingCount();
    const pending = await send({ delaySeconds: 2, subject: 'Taken back' });
    expect(await pendingCount()).toBe(countBefore + 1);
    expect(await mailOutEntries(pending.id)).toHaveLength(1);
    const response = await put(staff, pending.id, 'cancel-send');
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<TMailLog>();
    expect(draft).toMatchObject({
      id: pending.id,
      sendState: 'draft',
      sendAt: null,
      isSendLater: false,
      sendError: null,
      // The case tag is added again when it is sent.
      subject: 'Taken back',
      to: [{ address: 'kari@customer.test' }],
    });
    expect((await stored(pending.id)).jobs).toEqual([]);
    expect(await pendingCount()).toBe(countBefore);
    expect(await mailOutEntries(pending.id)).toEqual([]);
    // A second click of Undo answers the draft as it is.
    const again = await put(staff, pending.id, 'cancel-send');
    expect(again.statusCode).toBe(200);
    expect(again.json<TMailLog>().sendState).toBe('draft');
    await sleep(3_000);
    expect(smtp.received).toEqual([]);
    // The draft can be sent again, once.
    const resent = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(pending.id)}`,
      body: { ...mail, subject: 'Taken back', send: true },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await smtp.waitFor(1, 3_000);
    expect(receivedSubjects()).toEqual([`Taken back [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
  });

  it('cancels a mail without a case too', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { ...mail, subject: 'No case', delaySeconds: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const pending = response.json<TMailLog>();
    expect(pending).toMatchObject({ caseId: null, sendState: 'pending' });
    const cancelled = await put(staff, pending.id, 'cancel-send');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TMailLog>()).toMatchObject({
      caseId: null,
      sendState: 'draft',
      subject: 'No case',
    });
    expect((await stored(pending.id)).jobs).toEqual([]);
  });

  it('refuses to cancel a mail a worker holds, or one already sent (409)', async () => {
    const pending = await send({ delaySeconds: 30, subject: 'Held by a worker' });
    await t.db
      .update(mailOutbox)
      .set({ lockedBy: 'another-worker', lockedUntil: new Date(Date.now() + 60_000), sendStage: 'claimed' })
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, pending.id)));
    const held = await put(staff, pending.id, 'cancel-send');
    expect(held.statusCode).toBe(409);
    expect(held.json<{ message: string }>().message).toBe('This mail is already on its way');
    expect((await stored(pending.id)).row.sendState).toBe('pending');
    // Let it go so that the rest of the file's outbox is not held up by it.
    await t.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, pending.id)));

    const sent = await send({ subject: 'Gone already' });
    await smtp.waitFor(1, 2_000);
    await recordedSent(sent.id);
    const late = await put(staff, sent.id, 'cancel-send');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe('This mail is already on its way');
    expect((await put(staff, sent.id, 'send-now')).statusCode).toBe(409);
  });
});

describe('send later', () => {
  it('refuses a time in the past or more than 365 days ahead (400 on sendAt), queueing nothing', async () => {
    const rowsBefore = await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId));
    for (const sendAt of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 366 * 86_400_000).toISOString(),
      'tomorrow',
    ]) {
      const response = await call(t.app, staff, {
        method: 'POST',
        url: composeUrl(caseRow.id),
        body: { ...mail, sendAt },
      });
      expect(response.statusCode, sendAt).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('sendAt');
    }
    expect(await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId))).toBe(rowsBefore);
    // A draft sent for a past time is refused the same way, and stays a draft.
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/claim/mail-logs',
        body: { ...mail, caseId: caseRow.id },
      })
    ).json<TMailLog>();
    const past = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(draft.id)}`,
      body: { ...mail, send: true, sendAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('sendAt');
    expect((await stored(draft.id)).row.sendState).toBe('draft');
  });

  it('waits for the chosen time (ignoring delaySeconds); send now sends it at once', async () => {
    const sendAt = inAnHour();
    const pending = await send({ sendAt, delaySeconds: 2, subject: 'Later' });
    expect(pending).toMatchObject({ sendState: 'pending', isSendLater: true });
    expect(Date.parse(pending.sendAt ?? '')).toBe(Date.parse(sendAt));
    const { jobs } = await stored(pending.id);
    expect(jobs[0]?.nextAttemptAt.getTime()).toBe(Date.parse(sendAt));
    await sleep(3_000);
    expect(smtp.received).toEqual([]);
    const now = await put(staff, pending.id, 'send-now');
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json<TMailLog>()).toMatchObject({ sendState: 'pending', sendAt: null, isSendLater: false });
    // Well before the worker's 5 s poll: send-now wakes it.
    await smtp.waitFor(1, 2_000);
    expect(receivedSubjects()).toEqual([`Later [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
  });

  it('goes back to a draft when the customer writes before the time; an auto-reply or an undo window does not', async () => {
    const later = await send({ sendAt: inAnHour(), subject: 'Later still' });
    const windowed = await send({ delaySeconds: 30, subject: 'In its window' });
    const countBefore = await pendingCount();
    await customerWrites({
      messageId: '<away@customer.test>',
      references: later.messageId,
      headers: ['Auto-Submitted: auto-replied'],
    });
    expect((await stored(later.id)).row.sendState).toBe('pending');
    const replyId = await customerWrites({ messageId: '<st2@customer.test>', references: later.messageId });
    const [reply] = await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, replyId)));
    expect(reply?.caseId).toBe(caseRow.id);

    const taken = await stored(later.id);
    expect(taken.row).toMatchObject({
      sendState: 'draft',
      sendAt: null,
      isSendLater: false,
      sendError: 'Not sent: a new mail came from kari@customer.test before the time you chose',
      subject: 'Later still',
    });
    expect(taken.jobs).toEqual([]);
    expect(await pendingCount()).toBe(countBefore - 1);
    expect(await mailOutEntries(later.id)).toEqual([]);
    // The case's timeline says who wrote first and which mail went back to drafts.
    const timeline = (
      await call(t.app, staff, { url: `/v2/api/claims/${String(caseRow.id)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.filter((e) => e.kind === 'mail-held')).toEqual([
      expect.objectContaining({ actor: 'kari@customer.test', mailLogId: later.id }),
    ]);
    // The writer sees why on the draft in the thread.
    const thread = (
      await call(t.app, staff, { url: `/v2/api/claims/mails/${String(caseRow.id)}/mail-logs` })
    ).json<TMailLog[]>();
    expect(thread.find((m) => m.id === later.id)).toMatchObject({
      sendState: 'draft',
      sendError: 'Not sent: a new mail came from kari@customer.test before the time you chose',
    });
    // The undo window is the person's own choice to send now: it still leaves.
    expect((await stored(windowed.id)).row.sendState).toBe('pending');
    expect((await put(staff, windowed.id, 'cancel-send')).statusCode).toBe(200);
  });
});

describe('held send', () => {
  it('refuses a send when a newer inbound mail arrived (409 with its id), queueing nothing', async () => {
    const newest = await customerWrites({
      messageId: '<st3@customer.test>',
      references: '<st1@customer.test>',
    });
    const rowsBefore = await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId));
    const countBefore = await pendingCount();
    const refused = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { ...mail, seenMailId: firstInboundId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A new mail arrived on this case while you were writing',
      fieldErrors: { seenMailId: String(newest) },
    });
    expect(await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId))).toBe(rowsBefore);
    expect(await pendingCount()).toBe(countBefore);

    // A draft sent with the old view is held too, and stays a draft.
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/claim/mail-logs',
        body: { ...mail, caseId: caseRow.id },
      })
    ).json<TMailLog>();
    const heldDraft = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(draft.id)}`,
      body: { ...mail, send: true, seenMailId: firstInboundId },
    });
    expect(heldDraft.statusCode).toBe(409);
    expect(heldDraft.json<{ fieldErrors: Record<string, string> }>().fieldErrors.seenMailId).toBe(
      String(newest),
    );
    expect((await stored(draft.id)).row.sendState).toBe('draft');

    // Having seen the newest, the send goes.
    const sent = await send({ seenMailId: newest, subject: 'Seen it all' });
    expect(sent.sendState).toBe('pending');
    await smtp.waitFor(1, 2_000);
    await recordedSent(sent.id);
  });
});

describe('another store', () => {
  it('cannot cancel or send now a store’s mail (404), nor an unknown id', async () => {
    const pending = await send({ sendAt: inAnHour(), subject: 'Not yours' });
    for (const action of ['cancel-send', 'send-now'] as const) {
      expect((await put(otherStaff, pending.id, action)).statusCode).toBe(404);
      expect((await put(staff, 999_999, action)).statusCode).toBe(404);
    }
    const after = await stored(pending.id);
    expect(after.row).toMatchObject({ sendState: 'pending', isSendLater: true });
    expect(after.jobs).toHaveLength(1);
    expect((await put(staff, pending.id, 'cancel-send')).statusCode).toBe(200);
  });
});
