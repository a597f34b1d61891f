import { listEnabledMailboxes } from '../mailbox.repository';
import type { SecretBox } from '../mail-crypto';
import type { FetchDeps } from './fetch-mailbox';
import { DEFAULT_JOB_OPTIONS, MailboxJob, type MailboxJobOptions } from './mailbox-job';

/**
 * Runs one fetch job per enabled mailbox of every store, and looks for added, removed or
 * disabled mailboxes every `rescanMs`. Jobs are independent: a broken mailbox only flags itself.
 */
export class MailFetcher {
  private readonly jobs = new Map<string, MailboxJob>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: FetchDeps & { secrets: SecretBox },
    private readonly options: {
      rescanMs: number;
      job: MailboxJobOptions;
      onError?: (error: unknown) => void;
    } = {
      rescanMs: 30_000,
      job: DEFAULT_JOB_OPTIONS,
    },
  ) {}

  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => {
      this.syncing = this.syncing
        .then(() => this.sync())
        .catch((error: unknown) => this.options.onError?.(error));
    }, this.options.rescanMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
    await Promise.all([...this.jobs.values()].map((job) => job.stop()));
    this.jobs.clear();
  }

  /** Starts jobs for new mailboxes and stops those of mailboxes that are gone or disabled. */
  async sync(): Promise<void> {
    const wanted = new Set<string>();
    for (const mailbox of await listEnabledMailboxes(this.deps.db)) {
      const key = `${mailbox.tenantId}\u0000${String(mailbox.id)}`;
      wanted.add(key);
      if (!this.jobs.has(key)) {
        const job = new MailboxJob(this.deps, mailbox.tenantId, mailbox.id, {
          ...this.options.job,
          onError: this.options.onError,
        });
        this.jobs.set(key, job);
        job.start();
      }
    }
    for (const [key, job] of this.jobs) {
      if (!wanted.has(key)) {
        this.jobs.delete(key);
        await job.stop();
      }
    }
  }
}
