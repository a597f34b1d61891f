import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailLogs, mailOutbox } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import type { Tx } from '../../cases/case-search';
import type { SendStage } from './smtp-send';

/** The server stopped while the message was being sent: a person decides (the mail is failed). */
export const INTERRUPTED_ERROR =
  'Sending was cut off (the server stopped while sending); the mail may have been delivered. Check, then resend.';

/** The connection broke while the message was being sent: a person decides (the mail is failed). */
export const CUT_OFF_ERROR =
  'The connection to the mail server broke while the message was being sent; the mail may have been delivered. Check, then resend.';

/**
 * How far a claimed job's current attempt got, written before each step: after a crash,
 * `claimed` and `connected` were never delivered (sent again), `data` may have been (a person
 * decides), `accepted` was (recorded as sent).
 */
export type OutboxStage = 'claimed' | SendStage | 'accepted';

export interface ClaimedJob {
  tenant_id: string;
  id: number;
  mail_log_id: number;
  attempts: number;
  /** Where the attempt of a dead process stopped (a lease that ran out); null for a new claim. */
  left_at: OutboxStage | 'unknown' | null;
}

export interface Outcome {
  isSent: boolean;
  error: string | null;
  /** Sent or failed for good (the job is removed); else tried again after a backoff. */
  isFinal: boolean;
}

/** The job, while the given worker still holds its claim. */
export const heldJob = (job: ClaimedJob, workerId: string) =>
  and(eq(mailOutbox.tenantId, job.tenant_id), eq(mailOutbox.id, job.id), eq(mailOutbox.lockedBy, workerId));

/**
 * Records an attempt's outcome: sent or failed for good (job removed), or retried later with
 * backoff. Nothing is recorded for a job this worker no longer holds, except that a mail
 * another process failed as cut off, and which the server did accept, is corrected to sent.
 */
export async function recordOutcome(
  db: Db,
  claim: { job: ClaimedJob; workerId: string; options: { backoffBaseMs: number; backoffMaxMs: number } },
  outcome: Outcome,
): Promise<void> {
  const { job, workerId, options } = claim;
  await db.transaction(async (tx) => {
    const where = and(eq(mailLogs.tenantId, job.tenant_id), eq(mailLogs.id, job.mail_log_id));
    if (!outcome.isFinal) {
      const wait = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** (job.attempts - 1));
      const held = await tx
        .update(mailOutbox)
        .set({
          nextAttemptAt: sql`now() + ${`${String(wait)} milliseconds`}::interval`,
          lockedUntil: null,
          lockedBy: null,
          sendStage: null,
          lastError: outcome.error,
        })
        .where(heldJob(job, workerId))
        .returning({ id: mailOutbox.id });
      if (held.length === 0) return;
      await tx.update(mailLogs).set({ sendAttempts: job.attempts, sendError: outcome.error }).where(where);
      return;
    }
    const held = await tx.delete(mailOutbox).where(heldJob(job, workerId)).returning({ id: mailOutbox.id });
    if (held.length === 0) {
      if (outcome.isSent) {
        await tx
          .update(mailLogs)
          .set({ sendState: 'sent', sendError: null, sentAt: sql`now()` })
          .where(
            and(
              where,
              eq(mailLogs.sendState, 'failed'),
              inArray(mailLogs.sendError, [INTERRUPTED_ERROR, CUT_OFF_ERROR]),
            ),
          );
      }
      return;
    }
    const [mail] = await tx
      .update(mailLogs)
      .set({
        sendState: outcome.isSent ? 'sent' : 'failed',
        sendAttempts: job.attempts,
        sendError: outcome.error,
        ...(outcome.isSent && { sentAt: sql`now()` }),
      })
      .where(where)
      .returning({ caseId: mailLogs.caseId });
    if (mail?.caseId != null) await lowerPendingCount(tx, job.tenant_id, mail.caseId);
  });
}

async function lowerPendingCount(tx: Tx, tenantId: string, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({ sendPendingMailCount: sql`greatest(${cases.sendPendingMailCount} - 1, 0)` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
}
