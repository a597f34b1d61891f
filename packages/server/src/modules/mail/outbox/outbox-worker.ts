import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailLogs, mailOutbox } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import type { FileStorage } from '../../../lib/file-storage';
import type { Tx } from '../../cases/case-search';
import { getMailbox } from '../mailbox.repository';
import type { RawSend } from './smtp-send';

export interface OutboxOptions {
  /** Jobs claimed per round. */
  batchSize: number;
  /** How long a claim holds; a claim older than this was cut off by a crash. */
  leaseMs: number;
  maxAttempts: number;
  /** Wait before attempt n+1: backoffBaseMs × 2^(n−1), at most backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How often the worker looks for due jobs when nobody calls notify(). */
  pollMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  batchSize: 10,
  leaseMs: 15 * 60_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  pollMs: 5_000,
};

export const INTERRUPTED_ERROR =
  'Sending was cut off (the server stopped while sending); the mail may have been delivered. Check, then resend.';

interface ClaimedJob {
  tenant_id: string;
  id: number;
  mail_log_id: number;
  attempts: number;
  was_claimed: boolean;
}

/**
 * Sends the outbox. Jobs are claimed with FOR UPDATE SKIP LOCKED (several server processes
 * share the work, none takes a job another holds) and the claim is committed before sending.
 * A claim whose lease ran out without an outcome means a crash in the middle of sending: the
 * mail may have gone out, so it is marked failed for a person to check and resend, never sent
 * again by itself. A mail is sent at most once.
 */
export class OutboxWorker {
  readonly workerId = randomUUID();
  private isStopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly deps: { db: Db; files: FileStorage },
    private readonly send: (mail: RawSend) => Promise<void>,
    private readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Looks for due jobs now (a mail was just queued). */
  notify(): void {
    this.wake?.();
  }

  /** Stops after the sends in hand are finished and recorded. */
  async stop(): Promise<void> {
    this.isStopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.isStopped) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.onError(error);
      }
      if (handled === 0 && !this.isStopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            resolve();
          }, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            this.wake = null;
            resolve();
          };
        });
      }
    }
  }

  /** One round: claims due jobs and sends them. Answers how many jobs it handled. */
  async runOnce(): Promise<number> {
    const jobs = await this.claim();
    for (const job of jobs) {
      if (job.was_claimed) await this.finish(job, { isSent: false, error: INTERRUPTED_ERROR, isFinal: true });
      else await this.attempt(job);
    }
    return jobs.length;
  }

  /** Claims due jobs in one committed transaction. */
  async claim(): Promise<ClaimedJob[]> {
    const result = await this.deps.db.execute(sql`
      WITH due AS (
        SELECT tenant_id, id, locked_by IS NOT NULL AS was_claimed FROM ${mailOutbox}
        WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id
        LIMIT ${this.options.batchSize}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${mailOutbox} AS o
      SET locked_until = now() + ${`${String(this.options.leaseMs)} milliseconds`}::interval,
        locked_by = ${this.workerId},
        attempts = CASE WHEN due.was_claimed THEN o.attempts ELSE o.attempts + 1 END
      FROM due WHERE o.tenant_id = due.tenant_id AND o.id = due.id
      RETURNING o.tenant_id, o.id, o.mail_log_id, o.attempts, due.was_claimed`);
    return (result as { rows: ClaimedJob[] }).rows;
  }

  private async attempt(job: ClaimedJob): Promise<void> {
    try {
      const [mail] = await this.deps.db
        .select()
        .from(mailLogs)
        .where(and(eq(mailLogs.tenantId, job.tenant_id), eq(mailLogs.id, job.mail_log_id)));
      if (!mail?.rawFileHash || !mail.fromAddress) throw new PermanentError('Mail has no message to send');
      // A mail without a mailbox goes out through the system transport (the sender decides).
      const mailbox =
        mail.mailboxId === null ? null : await getMailbox(this.deps.db, job.tenant_id, mail.mailboxId);
      if (mail.mailboxId !== null && !mailbox) throw new PermanentError('The mailbox of this mail is gone');
      const raw = await this.deps.files.get(mail.rawFileHash);
      if (!raw) throw new PermanentError('The stored message is missing');
      const recipients = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address);
      await this.send({ mailbox, from: mail.fromAddress, recipients, raw });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const code = (error as { responseCode?: number }).responseCode;
      const isPermanent = error instanceof PermanentError || (code !== undefined && code >= 500);
      await this.finish(job, {
        isSent: false,
        error: text,
        isFinal: isPermanent || job.attempts >= this.options.maxAttempts,
      });
      return;
    }
    await this.finish(job, { isSent: true, error: null, isFinal: true });
  }

  /** Records an attempt's outcome: sent or failed for good (job removed), or retried later with backoff. */
  private async finish(
    job: ClaimedJob,
    outcome: { isSent: boolean; error: string | null; isFinal: boolean },
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const where = and(eq(mailLogs.tenantId, job.tenant_id), eq(mailLogs.id, job.mail_log_id));
      if (!outcome.isFinal) {
        const wait = Math.min(
          this.options.backoffMaxMs,
          this.options.backoffBaseMs * 2 ** (job.attempts - 1),
        );
        await tx
          .update(mailOutbox)
          .set({
            nextAttemptAt: sql`now() + ${`${String(wait)} milliseconds`}::interval`,
            lockedUntil: null,
            lockedBy: null,
            lastError: outcome.error,
          })
          .where(and(eq(mailOutbox.tenantId, job.tenant_id), eq(mailOutbox.id, job.id)));
        await tx.update(mailLogs).set({ sendAttempts: job.attempts, sendError: outcome.error }).where(where);
        return;
      }
      await tx
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, job.tenant_id), eq(mailOutbox.id, job.id)));
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
}

class PermanentError extends Error {}

async function lowerPendingCount(tx: Tx, tenantId: string, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({ sendPendingMailCount: sql`greatest(${cases.sendPendingMailCount} - 1, 0)` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
}
