import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { forTenant } from '../../../db/tenant-db';
import type { FileStorage } from '../../../lib/file-storage';
import { getMailbox } from '../mailbox.repository';
import {
  CUT_OFF_ERROR,
  INTERRUPTED_ERROR,
  recordOutcome,
  type ClaimedJob,
  type Outcome,
  type OutboxStage,
} from './outbox-outcome.service';
import { findMailToSend, recordJobStage } from './outbox.repository';
import {
  claimDueOutboxJobsOfAllStores,
  msUntilNextOutboxJob,
  renewOutboxLeasesOfWorker,
} from './outbox.system';
import type { RawSend, SendStage } from './smtp.client';

export { CUT_OFF_ERROR, INTERRUPTED_ERROR, type OutboxStage } from './outbox-outcome.service';

export interface OutboxOptions {
  /** Jobs claimed per round. */
  batchSize: number;
  /**
   * How long a claim holds without being renewed; a claim older than this was cut off by a
   * crash. The worker renews its claims every third of it while it sends, so it can be short
   * (a restarted server finds a dead process's claims this soon) whatever a send takes.
   */
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
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  pollMs: 5_000,
};

/** The shortest sleep between rounds when a job looks due but none could be claimed. */
const MIN_IDLE_WAIT_MS = 50;

const crashedError = (attempts: number) =>
  `Not sent: the server stopped during the last of ${String(attempts)} attempts, before the message reached the mail server.`;

/**
 * Sends the outbox. Jobs are claimed with FOR UPDATE SKIP LOCKED (several server processes
 * share the work, none takes a job another holds) and the claim is committed before sending.
 * Each step of a send is recorded before it happens (see OutboxStage) under a short lease that
 * the worker renews while it works, so that a claim whose lease ran out is known to be a crash
 * and how far it got: what never reached DATA is sent again at once, what was cut off during
 * DATA is failed for a person to check and resend. A mail is delivered at most once.
 */
export class OutboxWorker {
  readonly workerId = randomUUID();
  private isStopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** notify() came while a round ran: the next round starts without sleeping. */
  private hasNews = false;

  constructor(
    /** The raw handle: one worker sends the outbox of every store. */
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
    this.hasNews = true;
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
      this.hasNews = false;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.onError(error);
      }
      if (handled === 0 && !this.isStopped) {
        const waitMs = await this.idleWait();
        if (this.hasNews || this.isStopped) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            resolve();
          }, waitMs);
          this.wake = () => {
            clearTimeout(timer);
            this.wake = null;
            resolve();
          };
        });
      }
    }
  }

  /**
   * How long to sleep when nothing was due: until the next job's time (a mail in its undo window
   * or sent later), at most pollMs; never less than a short pause (a job another process is
   * claiming this moment looks due).
   */
  private async idleWait(): Promise<number> {
    const { pollMs } = this.options;
    try {
      const next = await msUntilNextOutboxJob(this.deps.db);
      if (next === null) return pollMs;
      return Math.min(pollMs, Math.max(Math.min(pollMs, MIN_IDLE_WAIT_MS), Math.ceil(next)));
    } catch (error) {
      this.onError(error);
      return pollMs;
    }
  }

  /** One round: claims due jobs and sends them. Answers how many jobs it handled. */
  async runOnce(): Promise<number> {
    const jobs = await this.claim();
    if (jobs.length === 0) return 0;
    const renewal = setInterval(() => {
      this.renewLeases().catch(this.onError);
    }, this.options.leaseMs / 3);
    try {
      for (const job of jobs) await this.handle(job);
    } finally {
      clearInterval(renewal);
    }
    return jobs.length;
  }

  private async handle(job: ClaimedJob): Promise<void> {
    switch (job.left_at) {
      case 'accepted':
        // The server answered 250 and the process died before recording it.
        return this.finish(job, { isSent: true, error: null, isFinal: true });
      case 'data':
      case 'unknown':
        return this.finish(job, { isSent: false, error: INTERRUPTED_ERROR, isFinal: true });
      default:
        // A claim cut off before DATA counts as an attempt; a mail that takes the process down
        // each time it is sent stops after the last one instead of taking it down for ever.
        if (job.attempts > this.options.maxAttempts) {
          const made = { ...job, attempts: job.attempts - 1 };
          return this.finish(made, { isSent: false, error: crashedError(made.attempts), isFinal: true });
        }
        return this.attempt(job);
    }
  }

  /** Claims due jobs, and jobs whose lease ran out, of every store (see claimDueOutboxJobsOfAllStores). */
  async claim(): Promise<ClaimedJob[]> {
    return claimDueOutboxJobsOfAllStores(this.deps.db, {
      workerId: this.workerId,
      batchSize: this.options.batchSize,
      leaseMs: this.options.leaseMs,
    });
  }

  private finish(job: ClaimedJob, outcome: Outcome): Promise<void> {
    const db = forTenant(this.deps.db, job.tenant_id);
    return recordOutcome(db, { job, workerId: this.workerId, options: this.options }, outcome);
  }

  /** Extends every claim this worker holds (the job being sent and the rest of its batch). */
  private async renewLeases(): Promise<void> {
    await renewOutboxLeasesOfWorker(this.deps.db, this.workerId, this.options.leaseMs);
  }

  /**
   * Records the stage an attempt reaches, renewing its lease. Throws when the claim is no longer
   * this worker's (its lease ran out and another process took the job): the send must stop.
   */
  private async recordStage(job: ClaimedJob, stage: OutboxStage): Promise<void> {
    const db = forTenant(this.deps.db, job.tenant_id);
    const isHeld = await recordJobStage(db, { job, workerId: this.workerId }, stage, this.options.leaseMs);
    if (!isHeld) throw new LeaseLostError();
  }

  private async attempt(job: ClaimedJob): Promise<void> {
    const progress: { reached: OutboxStage } = { reached: 'claimed' };
    const onStage = async (stage: SendStage) => {
      await this.recordStage(job, stage);
      progress.reached = stage;
    };
    try {
      const db = forTenant(this.deps.db, job.tenant_id);
      const mail = await findMailToSend(db, job.mail_log_id);
      if (!mail?.rawFileHash || !mail.fromAddress) throw new PermanentError('Mail has no message to send');
      // A mail without a mailbox goes out through the system transport (the sender decides).
      const mailbox = mail.mailboxId === null ? null : await getMailbox(db, mail.mailboxId);
      if (mail.mailboxId !== null && !mailbox) throw new PermanentError('The mailbox of this mail is gone');
      const raw = await this.deps.files.get(mail.rawFileHash);
      if (!raw) throw new PermanentError('The stored message is missing');
      const recipients = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address);
      await this.send({ mailbox, from: mail.fromAddress, recipients, raw, onStage });
    } catch (error) {
      if (error instanceof LeaseLostError) return;
      const text = error instanceof Error ? error.message : String(error);
      const code = (error as { responseCode?: number }).responseCode;
      // After DATA, only the server's own answer says the message was refused; a broken
      // connection or a timeout may have come after the server took it.
      if (progress.reached === 'data' && code === undefined) {
        await this.finish(job, { isSent: false, error: CUT_OFF_ERROR, isFinal: true });
        return;
      }
      const isPermanent = error instanceof PermanentError || (code !== undefined && code >= 500);
      await this.finish(job, {
        isSent: false,
        error: text,
        isFinal: isPermanent || job.attempts >= this.options.maxAttempts,
      });
      return;
    }
    await this.recordStage(job, 'accepted').catch((error: unknown) => {
      // The outcome below is recorded all the same (or, if the job was taken over, corrected).
      if (!(error instanceof LeaseLostError)) this.onError(error);
    });
    await this.finish(job, { isSent: true, error: null, isFinal: true });
  }
}

/** The job's claim ran out and another process holds it now. */
class LeaseLostError extends Error {}

class PermanentError extends Error {}
