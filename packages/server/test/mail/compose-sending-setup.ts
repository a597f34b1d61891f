/**
 * The set-up the compose files that send end to end share (api-compose-drafts, -resend,
 * -large-bodies, -access): a store whose mailbox sends through a real smtp-server receiver
 * (sending-store.ts), a real OutboxWorker to run by hand, and the row, count and timeline reads.
 * Each file calls setUpComposeSending() for its own app and receiver.
 */
import type { TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { call, type Session } from '../helpers/api';
import { createCase, type StoreFixture } from '../helpers/factories';
import type { SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sendingStore } from './sending-store';

export const fast: OutboxOptions = {
  ...DEFAULT_OUTBOX_OPTIONS,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  pollMs: 20,
};

export let t: TestApp;
export let smtp: SmtpReceiver;
export let store: StoreFixture;
export let staff: Session;
export let otherStaff: Session;
export let caseRow: Awaited<ReturnType<typeof createCase>>;
export let otherCase: Awaited<ReturnType<typeof createCase>>;
export let inboundId: number;

export const draftsUrl = (workFlow: string, id?: number) =>
  `/v2/api/claims/mails/${workFlow}/mail-logs${id === undefined ? '' : `/${String(id)}`}`;
export const composeUrl = (id: number, query = '') =>
  `/v2/api/claims/mails/claim/mail-compose/${String(id)}${query}`;
export const resend = (session: Session, id: number) =>
  call(t.app, session, { method: 'PUT', url: `/v2/api/claims/mails/resend/${String(id)}` });
export const worker = (options: OutboxOptions = fast) =>
  new OutboxWorker(
    { db: t.db, files: t.app.deps.files },
    (mail) => sendThroughMailbox(t.app.deps.secrets, mail),
    options,
  );

export async function row(id: number) {
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

export const pendingCount = async () =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, store.tenantId), eq(cases.id, caseRow.id)))
  )[0]?.n ?? -1;

export const timeline = async () =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseRow.id)}/timeline` })).json<
    TTimelineEntry[]
  >();

/**
 * Registers the file's beforeAll (app, sending store, the other store's case), afterAll, and the
 * beforeEach that empties the receiver and lets it take mail again.
 */
export function setUpComposeSending(): void {
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
}
