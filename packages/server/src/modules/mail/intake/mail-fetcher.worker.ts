import { listEnabledMailboxesOfAllStores } from '../accounts/mailbox.system';
import { DEFAULT_JOB_OPTIONS, MailboxJob, type JobDeps, type MailboxJobOptions } from './mailbox-job.worker';
import type { MailboxLocks } from './mailbox-locks.system';

export interface MailFetcherOptions {
  rescanMs: number;
  job: MailboxJobOptions;
  /** Which process fetches which mailbox (several server processes); without it, all of them here. */
  locks?: MailboxLocks;
  onError?: (error: unknown) => void;
}

interface RunningJob {
  job: MailboxJob;
  /** The mailbox's updated_at when last seen: a settings change wakes the job. */
  updatedAt: number;
}

/**
 * Runs one fetch job per enabled mailbox of every store, and looks for added, removed, changed
 * or disabled mailboxes every `rescanMs`. Jobs are independent: a broken mailbox only flags
 * itself. With locks, a mailbox whose lock another process holds is left to that process and
 * tried again at the next rescan (taken over when that process stops).
 */
export class MailFetcher {
  private readonly jobs = new Map<string, RunningJob>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: JobDeps,
    private readonly options: MailFetcherOptions = { rescanMs: 30_000, job: DEFAULT_JOB_OPTIONS },
  ) {}

  /** How many mailboxes this fetcher runs a job for (the others belong to other processes). */
  get jobCount(): number {
    return this.jobs.size;
  }

  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => {
      this.requestSync();
    }, this.options.rescanMs);
  }

  /** Looks at the mailboxes now (one was added or changed), after any look already under way. */
  requestSync(): void {
    if (!this.timer) return;
    this.syncing = this.syncing
      .then(() => this.sync())
      .catch((error: unknown) => this.options.onError?.(error));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
    await Promise.all([...this.jobs.keys()].map((key) => this.stopJob(key)));
    await this.options.locks?.close();
  }

  /** Starts jobs for new mailboxes, wakes changed ones, and stops those of mailboxes that are gone or disabled. */
  async sync(): Promise<void> {
    const { locks } = this.options;
    if (locks && !locks.isHealthy()) {
      // The locks went with their connection: another process may be fetching these now.
      await Promise.all([...this.jobs.keys()].map((key) => this.stopJob(key)));
      await locks.reconnect();
    }
    const wanted = new Set<string>();
    for (const mailbox of await listEnabledMailboxesOfAllStores(this.deps.db)) {
      const key = `${mailbox.tenantId}\u0000${String(mailbox.id)}`;
      const running = this.jobs.get(key);
      if (running?.job.hasEnded) {
        // It ended when the mailbox was disabled; it is enabled again.
        this.jobs.delete(key);
      } else if (running) {
        wanted.add(key);
        if (running.updatedAt !== mailbox.updatedAt.getTime()) {
          running.updatedAt = mailbox.updatedAt.getTime();
          running.job.nudge();
        }
        continue;
      }
      if (locks && !(await locks.tryLock(mailbox.tenantId, mailbox.id))) continue;
      wanted.add(key);
      const job = new MailboxJob(this.deps, mailbox.tenantId, mailbox.id, {
        ...this.options.job,
        onError: this.options.onError,
      });
      this.jobs.set(key, { job, updatedAt: mailbox.updatedAt.getTime() });
      job.start();
    }
    for (const key of this.jobs.keys()) {
      if (!wanted.has(key)) await this.stopJob(key);
    }
  }

  private async stopJob(key: string): Promise<void> {
    const running = this.jobs.get(key);
    if (!running) return;
    this.jobs.delete(key);
    await running.job.stop();
    await this.options.locks
      ?.unlock(running.job.tenantId, running.job.mailboxId)
      .catch((error: unknown) => this.options.onError?.(error));
  }
}
