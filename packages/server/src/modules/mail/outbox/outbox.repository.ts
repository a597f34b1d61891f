import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailboxes, mailLogs, mailOutbox } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { notifyMailsChanged } from '../../cases/live-notify.repository';

/** A claimed job, as the statements of its store need it. */
interface HeldJob {
  id: number;
  mail_log_id: number;
}

/** The job, while the given worker still holds its claim. */
const heldJob = (job: HeldJob, workerId: string) =>
  and(eq(mailOutbox.id, job.id), eq(mailOutbox.lockedBy, workerId));

const interval = (ms: number) => `${String(ms)} milliseconds`;

/** The job let go to be tried again after `waitMs`; false when the worker no longer holds it. */
export async function releaseForRetry(
  tx: TenantDb,
  claim: { job: HeldJob; workerId: string },
  waitMs: number,
  error: string | null,
): Promise<boolean> {
  const held = await tx
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + ${interval(waitMs)}::interval`,
      lockedUntil: null,
      lockedBy: null,
      sendStage: null,
      lastError: error,
    })
    .where(heldJob(claim.job, claim.workerId))
    .returning({ id: mailOutbox.id });
  return held.length > 0;
}

/** The job removed (sent or failed for good); false when the worker no longer holds it. */
export async function removeHeldJob(
  tx: TenantDb,
  claim: { job: HeldJob; workerId: string },
): Promise<boolean> {
  const held = await tx
    .delete(mailOutbox)
    .where(heldJob(claim.job, claim.workerId))
    .returning({ id: mailOutbox.id });
  return held.length > 0;
}

/**
 * Records the stage an attempt reaches and renews the claim's lease; false when the claim is no
 * longer this worker's (its lease ran out and another process took the job).
 */
export async function recordJobStage(
  db: TenantDb,
  claim: { job: HeldJob; workerId: string },
  stage: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ sendStage: stage, lockedUntil: sql`now() + ${interval(leaseMs)}::interval` })
    .where(heldJob(claim.job, claim.workerId))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The mail row of a job. */
export async function findMailToSend(db: TenantDb, mailLogId: number) {
  const [mail] = await db.select().from(mailLogs).where(eq(mailLogs.id, mailLogId));
  return mail ?? null;
}

/** The attempts and last error of a mail that is tried again. */
export async function noteSendAttempt(
  tx: TenantDb,
  mailLogId: number,
  attempts: number,
  error: string | null,
): Promise<void> {
  await tx
    .update(mailLogs)
    // It is no longer waiting for a chosen time: it is being tried.
    .set({ sendAttempts: attempts, sendError: error, sendAt: null, isSendLater: false })
    .where(eq(mailLogs.id, mailLogId));
}

/** The mail sent or failed for good; answers its case (null: none, or no such mail). */
export async function finishMail(
  tx: TenantDb,
  mailLogId: number,
  outcome: { isSent: boolean; attempts: number; error: string | null },
): Promise<number | null> {
  const [mail] = await tx
    .update(mailLogs)
    .set({
      sendState: outcome.isSent ? 'sent' : 'failed',
      sendAttempts: outcome.attempts,
      sendError: outcome.error,
      sendAt: null,
      isSendLater: false,
      ...(outcome.isSent && { sentAt: sql`now()` }),
    })
    .where(eq(mailLogs.id, mailLogId))
    .returning({ caseId: mailLogs.caseId, mailboxId: mailLogs.mailboxId });
  if (outcome.isSent && mail?.mailboxId != null)
    await tx
      .update(mailboxes)
      .set({ lastSendAt: sql`now()` })
      .where(eq(mailboxes.id, mail.mailboxId));
  return mail?.caseId ?? null;
}

/** A mail failed with one of `errors` (cut off mid-send) that the server did accept: sent after all. */
export async function correctFailedToSent(tx: TenantDb, mailLogId: number, errors: string[]): Promise<void> {
  await tx
    .update(mailLogs)
    .set({ sendState: 'sent', sendError: null, sentAt: sql`now()` })
    .where(
      and(eq(mailLogs.id, mailLogId), eq(mailLogs.sendState, 'failed'), inArray(mailLogs.sendError, errors)),
    );
}

/** One mail of the case less waits to be sent. */
export async function lowerCasePendingCount(tx: TenantDb, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({ sendPendingMailCount: sql`greatest(${cases.sendPendingMailCount} - 1, 0)` })
    .where(eq(cases.id, caseId));
}

/** The mail rows of a batch's jobs. */
export async function findMailsToSend(db: TenantDb, mailLogIds: number[]) {
  return db.select().from(mailLogs).where(inArray(mailLogs.id, mailLogIds));
}

/** The jobs' attempts reached their mailbox's session (those still only claimed). */
export async function markJobsConnected(db: TenantDb, workerId: string, jobIds: number[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sendStage: 'connected' })
    .where(
      and(
        inArray(mailOutbox.id, jobIds),
        eq(mailOutbox.lockedBy, workerId),
        eq(mailOutbox.sendStage, 'claimed'),
      ),
    );
}

/**
 * The held jobs among `jobIds` recorded as sent, in one statement: the jobs removed, their mails
 * sent (with the jobs' attempts), their mailboxes' last send and their cases' pending counts.
 * Answers the jobs it recorded; a job missing from the answer is no longer this worker's.
 *
 * Its commit does not wait for the disk (synchronous_commit off): the next durable commit (the
 * next mail's `data` stage, which waits for this one) writes it down with its own. Lost in a
 * crash before that, the mail is still at `data` and failed for a person, as if the crash had
 * come before this write; it is never sent again.
 */
export async function finishSentJobs(db: TenantDb, workerId: string, jobIds: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.execute(() => sql`SET LOCAL synchronous_commit = off`);
    const done = await finishSentJobsNow(tx, workerId, jobIds);
    // The threads and badges of the mails' cases (their pending counts fell), told on commit.
    if (done.length > 0)
      await notifyMailsChanged(
        tx,
        done.map((d) => d.caseId),
      );
    return done.map((d) => d.jobId);
  });
}

async function finishSentJobsNow(
  db: TenantDb,
  workerId: string,
  jobIds: number[],
): Promise<{ jobId: number; caseId: number | null }[]> {
  const ids = `{${jobIds.join(',')}}`;
  const result = await db.execute(
    (store) => sql`
      WITH done AS (
        DELETE FROM ${mailOutbox}
        WHERE ${store.owns()} AND id = ANY(${ids}::int[]) AND locked_by = ${workerId}
        RETURNING id, mail_log_id, attempts
      ), sent AS (
        UPDATE ${mailLogs} AS m
        SET send_state = 'sent', send_attempts = done.attempts, send_error = NULL, send_at = NULL,
          is_send_later = false, sent_at = now()
        FROM done WHERE ${store.owns('m')} AND m.id = done.mail_log_id
        RETURNING m.id, m.case_id, m.mailbox_id
      ), boxes AS (
        UPDATE ${mailboxes} SET last_send_at = now()
        WHERE ${store.owns()} AND id IN (SELECT mailbox_id FROM sent)
      ), counted AS (
        UPDATE ${cases} AS c
        SET send_pending_mail_count = greatest(c.send_pending_mail_count - n.sent, 0)
        FROM (SELECT case_id, count(*)::int AS sent FROM sent WHERE case_id IS NOT NULL GROUP BY case_id) AS n
        WHERE ${store.owns('c')} AND c.id = n.case_id
      )
      SELECT done.id, sent.case_id FROM done LEFT JOIN sent ON sent.id = done.mail_log_id`,
  );
  return (result as { rows: { id: number | string; case_id: number | string | null }[] }).rows.map((row) => ({
    jobId: Number(row.id),
    caseId: row.case_id === null ? null : Number(row.case_id),
  }));
}
