/**
 * The set-up the send-timing-*.test.ts files share: a sending store (sending-store.ts) with a real
 * smtp-server receiver, and a real OutboxWorker that runs in the background and polls only every
 * 5 s (as in production), woken by the app's outbox signal; with the send, read and wait helpers.
 * Each file calls setUpSendTiming() for its own app, receiver and worker.
 */
import type { TMailLog, TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
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

export let t: TestApp;
export let smtp: SmtpReceiver;
export let store: StoreFixture;
export let staff: Session;
export let otherStaff: Session;
let worker: OutboxWorker;
let stopListening: () => void;
export let caseRow: Awaited<ReturnType<typeof createCase>>;
export let firstInboundId: number;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const composeUrl = (caseId: number) => `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`;
export const mail = { to: ['kari@customer.test'], subject: 'Re: Broken kettle', html: '<p>On its way</p>' };
export const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export async function send(body: Record<string, unknown>, caseId = caseRow.id) {
  const response = await call(t.app, staff, {
    method: 'POST',
    url: composeUrl(caseId),
    body: { ...mail, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMailLog>();
}
export const put = (session: Session, id: number, action: 'cancel-send' | 'send-now') =>
  call(t.app, session, { method: 'PUT', url: `/v2/api/claims/mails/${String(id)}/${action}` });

export async function stored(id: number) {
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
export const recordedSent = (id: number) =>
  expect.poll(async () => (await stored(id)).row.sendState).toBe('sent');

export const pendingCount = async (caseId = caseRow.id) =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, store.tenantId), eq(cases.id, caseId)))
  )[0]?.n ?? -1;

export const mailOutEntries = async (mailLogId: number, caseId = caseRow.id) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseId)}/timeline` }))
    .json<TTimelineEntry[]>()
    .filter((e) => e.mailLogId === mailLogId && e.kind === 'mail-out');

export const receivedSubjects = () =>
  smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw.toString())?.[1] ?? '');

export async function customerWrites(options: { messageId: string; references: string; headers?: string[] }) {
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

/**
 * Registers the file's beforeAll (app, sending store, the worker started and listening), afterAll
 * (worker, app and receiver stopped), and the beforeEach that empties the receiver.
 */
export function setUpSendTiming(): void {
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
}
