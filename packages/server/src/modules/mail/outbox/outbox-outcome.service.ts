import type { Db } from '../../../db/client';
import { forTenant, type TenantDb } from '../../../db/tenant-db';
import {
  correctFailedToSent,
  finishMail,
  finishSentJobs,
  lowerCasePendingCount,
  noteSendAttempt,
  releaseForRetry,
  removeHeldJob,
} from './outbox.repository';
import { notifyLive, notifyMailsChanged } from '../../cases/live-notify.repository';
import type { SendStage } from './smtp.client';
import { backoffMs } from '../../../lib/backoff';

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

/**
 * Records an attempt's outcome: sent or failed for good (job removed), or retried later with
 * backoff. Nothing is recorded for a job this worker no longer holds, except that a mail
 * another process failed as cut off, and which the server did accept, is corrected to sent.
 */
export async function recordOutcome(
  db: TenantDb,
  claim: { job: ClaimedJob; workerId: string; options: { backoffBaseMs: number; backoffMaxMs: number } },
  outcome: Outcome,
): Promise<void> {
  const { job, options } = claim;
  await db.transaction(async (tx) => {
    if (!outcome.isFinal) {
      const wait = backoffMs(job.attempts, options.backoffBaseMs, options.backoffMaxMs);
      if (!(await releaseForRetry(tx, claim, wait, outcome.error))) return;
      await noteSendAttempt(tx, job.mail_log_id, job.attempts, outcome.error);
      return;
    }
    if (!(await removeHeldJob(tx, claim))) {
      if (outcome.isSent) {
        await correctFailedToSent(tx, job.mail_log_id, [INTERRUPTED_ERROR, CUT_OFF_ERROR]);
        await notifyMailsChanged(tx, []);
      }
      return;
    }
    const caseId = await finishMail(tx, job.mail_log_id, { ...outcome, attempts: job.attempts });
    if (caseId !== null) await lowerCasePendingCount(tx, caseId);
    // Told on commit: the counts and the case's thread; a failure also to whoever may resend it.
    await notifyMailsChanged(tx, [caseId]);
    if (!outcome.isSent)
      await notifyLive(tx, { EVENT: 'MAIL_SEND_FAILED', meta: { mailLogId: job.mail_log_id, caseId } });
  });
}

/** Outcome writes at once: a few sessions' (each waits for its last mail's before the next). */
const MAX_WRITERS = 4;

/**
 * Records sent mails in batches: the mails accepted while the writes run go into the next, one
 * statement for all of a store's (see finishSentJobs). Each caller waits for its own mail's write.
 */
export class SentRecorder {
  private pending: { job: ClaimedJob; settle: (error: Error | null) => void }[] = [];
  private writers = 0;

  constructor(
    /** The raw handle: the batch's mails are written store by store through forTenant. */
    private readonly db: Db,
    private readonly workerId: string,
  ) {}

  record(job: ClaimedJob): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.pending.push({ job, settle: (error) => (error === null ? resolve() : reject(error)) });
    });
    // Awaited by the sender later; a failed write must not count as unhandled meanwhile.
    written.catch(() => undefined);
    // Writes run side by side, about one a session (each session's next mail waits for its own).
    if (this.writers < MAX_WRITERS) void this.write();
    return written;
  }

  private async write(): Promise<void> {
    this.writers += 1;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      const byStore = new Map<string, typeof batch>();
      for (const entry of batch)
        byStore.set(entry.job.tenant_id, [...(byStore.get(entry.job.tenant_id) ?? []), entry]);
      for (const [tenantId, entries] of byStore) {
        let failure: Error | null = null;
        try {
          await recordSent(
            forTenant(this.db, tenantId),
            this.workerId,
            entries.map((entry) => entry.job),
          );
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        for (const entry of entries) entry.settle(failure);
      }
    }
    this.writers -= 1;
  }
}

/** Sent mails recorded; one another process failed as cut off (its lease ran out) is corrected to sent. */
async function recordSent(db: TenantDb, workerId: string, jobs: ClaimedJob[]): Promise<void> {
  const recorded = new Set(
    await finishSentJobs(
      db,
      workerId,
      jobs.map((job) => job.id),
    ),
  );
  for (const job of jobs)
    if (!recorded.has(job.id))
      await correctFailedToSent(db, job.mail_log_id, [INTERRUPTED_ERROR, CUT_OFF_ERROR]);
}
