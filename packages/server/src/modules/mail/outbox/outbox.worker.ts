import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { forTenant } from '../../../db/tenant-db';
import type { FileStorage } from '../../../lib/file-storage';
import { getMailbox } from '../accounts/mailbox.repository';
import {
  INTERRUPTED_ERROR,
  recordOutcome,
  SentRecorder,
  type ClaimedJob,
  type Outcome,
  type OutboxStage,
} from './outbox-outcome.service';
import { perMailSender, type OutboxSender } from './outbox-sender';
import { KeptSessions } from './outbox-sessions';
import {
  groupBy,
  inParallel,
  LeaseLostError,
  sendGroup,
  type Group,
  type Item,
  type SendContext,
} from './outbox-mailbox-sends';
import { findMailsToSend, recordJobStage } from './outbox.repository';
import {
  claimDueOutboxJobsOfAllStores,
  msUntilNextOutboxJob,
  renewOutboxLeasesOfWorker,
} from './outbox.system';
import type { RawSend } from './smtp.client';

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
  /** Wait before attempt n+1: backoffBaseMs × 2^(n−1), at most backoffMaxMs, half of it jittered. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How often the worker looks for due jobs when nobody calls notify(). */
  pollMs: number;
  /** Mailboxes whose mails are sent at the same time. */
  parallelMailboxes: number;
  /**
   * SMTP sessions a mailbox's mails share at the same time. Providers limit a sign-in's
   * connections (Microsoft 365 to three, refusing more with 432); a session that cannot be
   * opened leaves its mails to the mailbox's open ones.
   */
  sessionsPerMailbox: number;
  /** How long the worker keeps its SMTP sessions open once out of mail (mail often comes in bursts). */
  sessionIdleMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  batchSize: 50,
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  pollMs: 5_000,
  parallelMailboxes: 4,
  sessionsPerMailbox: 3,
  sessionIdleMs: 2_000,
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
 *
 * A round's mails of one mailbox share its SMTP sessions (a few at once), kept open from round to
 * round while there is mail to send; in a session, a mail's bytes go only once the mail before it
 * is recorded, so a crash leaves at most one mail a session whose outcome is unknown.
 */
export class OutboxWorker {
  readonly workerId = randomUUID();
  private isStopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** notify() came while a round ran: the next round starts without sleeping. */
  private hasNews = false;
  private readonly sessions = new KeptSessions();
  /** What the mailboxes' sends need of this worker (outbox-mailbox-sends.ts). */
  private readonly sends: SendContext;

  constructor(
    /** The raw handle: one worker sends the outbox of every store. */
    private readonly deps: { db: Db; files: FileStorage },
    /** Sessions per mailbox, or a function that sends each mail in a session of its own. */
    send: OutboxSender | ((mail: RawSend) => Promise<void>),
    private readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.sends = {
      db: deps.db,
      files: deps.files,
      workerId: this.workerId,
      sender: typeof send === 'function' ? perMailSender(send) : send,
      sessions: this.sessions,
      sent: new SentRecorder(deps.db, this.workerId),
      options,
      recordStage: (job, stage) => this.recordStage(job, stage),
      finish: (job, outcome) => this.finish(job, outcome),
    };
  }

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
    /** When the worker last ran out of mail (null: it has mail). */
    let idleSince: number | null = null;
    while (!this.isStopped) {
      let handled = 0;
      this.hasNews = false;
      try {
        handled = await this.round();
      } catch (error) {
        this.onError(error);
      }
      if (handled > 0) idleSince = null;
      else if (!this.isStopped) {
        // Out of mail: the sessions stay open a short while for the next mails, then close.
        idleSince ??= Date.now();
        const keptMs = idleSince + this.options.sessionIdleMs - Date.now();
        if (keptMs <= 0) this.sessions.closeAll();
        const nextMs = await this.idleWait();
        const waitMs = keptMs > 0 ? Math.min(nextMs, keptMs) : nextMs;
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
    this.sessions.closeAll();
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

  /** One round on its own: claims due jobs and sends them, sessions closed after. Answers how many jobs it handled. */
  async runOnce(): Promise<number> {
    try {
      return await this.round();
    } finally {
      this.sessions.closeAll();
    }
  }

  private async round(): Promise<number> {
    const jobs = await this.claim();
    if (jobs.length === 0) return 0;
    const renewal = setInterval(() => {
      this.renewLeases().catch(this.onError);
    }, this.options.leaseMs / 3);
    try {
      const toSend: ClaimedJob[] = [];
      for (const job of jobs) {
        const settled = this.settleLeftOver(job);
        if (settled) await this.finish(settled.job, settled.outcome);
        else toSend.push(job);
      }
      const groups = await this.prepare(toSend);
      await inParallel(groups, this.options.parallelMailboxes, (group) => sendGroup(this.sends, group));
    } finally {
      clearInterval(renewal);
      this.sessions.endRound();
    }
    return jobs.length;
  }

  /** The outcome of a job a dead process left (or one over its attempts); null: send it. */
  private settleLeftOver(job: ClaimedJob): { job: ClaimedJob; outcome: Outcome } | null {
    switch (job.left_at) {
      case 'accepted':
        // The server answered 250 and the process died before recording it.
        return { job, outcome: { isSent: true, error: null, isFinal: true } };
      case 'data':
      case 'unknown':
        return { job, outcome: { isSent: false, error: INTERRUPTED_ERROR, isFinal: true } };
      default:
        // A claim cut off before DATA counts as an attempt; a mail that takes the process down
        // each time it is sent stops after the last one instead of taking it down for ever.
        if (job.attempts > this.options.maxAttempts) {
          const made = { ...job, attempts: job.attempts - 1 };
          return { job: made, outcome: { isSent: false, error: crashedError(made.attempts), isFinal: true } };
        }
        return null;
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

  /** The jobs' mails, read store by store and grouped by mailbox; a mail that cannot be sent is failed. */
  private async prepare(jobs: ClaimedJob[]): Promise<Group[]> {
    const groups: Group[] = [];
    for (const [tenantId, ofStore] of groupBy(jobs, (job) => job.tenant_id)) {
      const db = forTenant(this.deps.db, tenantId);
      const mails = new Map(
        (
          await findMailsToSend(
            db,
            ofStore.map((j) => j.mail_log_id),
          )
        ).map((m) => [m.id, m]),
      );
      const byMailbox = new Map<number | null, Item[]>();
      for (const job of ofStore) {
        const mail = mails.get(job.mail_log_id);
        if (!mail?.rawFileHash || !mail.fromAddress) {
          await this.finish(job, { isSent: false, error: 'Mail has no message to send', isFinal: true });
          continue;
        }
        const recipients = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address);
        const item = { job, from: mail.fromAddress, recipients, rawFileHash: mail.rawFileHash };
        byMailbox.set(mail.mailboxId, [...(byMailbox.get(mail.mailboxId) ?? []), item]);
      }
      for (const [mailboxId, items] of byMailbox) {
        // A mail without a mailbox goes out through the system transport (the sender decides).
        const mailbox = mailboxId === null ? null : await getMailbox(db, mailboxId);
        if (mailboxId !== null && !mailbox) {
          for (const { job } of items)
            await this.finish(job, {
              isSent: false,
              error: 'The mailbox of this mail is gone',
              isFinal: true,
            });
          continue;
        }
        groups.push({ mailbox, items });
      }
    }
    return groups;
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
}
