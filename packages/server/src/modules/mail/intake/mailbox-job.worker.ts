import type { ImapFlow } from 'imapflow';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { forTenant, type TenantDb } from '../../../db/tenant-db';
import type { SecretBox } from '../common/mail-crypto';
import { getMailbox, markMailboxFailing, markMailboxOk, type Mailbox } from '../accounts/mailbox.repository';
import { withFreshToken } from '../accounts/token-refresh.service';
import { fetchNewMail, type FetchDeps, type FetchHooks } from './fetch-mailbox.service';
import { connectImap, imapErrorText } from './imap.client';
import { backoffMs } from '../../../lib/backoff';

export interface MailboxJobOptions {
  /** A fetch pass at least this often even when IDLE reports nothing (servers without IDLE, lost events). */
  pollMs: number;
  /** Wait after the first failure; doubles with each failure in a row, up to maxBackoffMs. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  hooks?: FetchHooks;
  onError?: (error: unknown) => void;
}

/**
 * What a fetch job needs; with `config`, OAuth access tokens are refreshed before sign-in. The
 * raw handle: the fetcher runs the jobs of every store, each job binds it to its mailbox's store.
 */
export type JobDeps = Omit<FetchDeps, 'db'> & { db: Db; secrets: SecretBox; config?: Config };

/** The settings a connection was signed in with: when any changes, the job signs in again. */
const signInSettings = (m: Mailbox) =>
  JSON.stringify([m.imapHost, m.imapPort, m.imapSecure, m.imapUser, m.imapFolder, m.secretEncrypted]);

export const DEFAULT_JOB_OPTIONS: MailboxJobOptions = {
  pollMs: 60_000,
  initialBackoffMs: 5_000,
  maxBackoffMs: 5 * 60_000,
};

/**
 * The fetch job of one mailbox: signs in, takes in what is new, then waits on IMAP IDLE (or
 * the poll interval) for more. A failure flags this mailbox as failing with its error and is
 * retried with backoff; it never touches another mailbox's job.
 */
export class MailboxJob {
  private isStopped = false;
  private client: ImapFlow | null = null;
  private wake: (() => void) | null = null;
  private hasNews = false;
  private running: Promise<void> | null = null;
  /** True once the loop has ended by itself (the mailbox was disabled or removed). */
  hasEnded = false;
  /** The database as the mailbox's store sees it. */
  private readonly db: TenantDb;

  constructor(
    private readonly deps: JobDeps,
    readonly tenantId: string,
    readonly mailboxId: number,
    private readonly options: MailboxJobOptions = DEFAULT_JOB_OPTIONS,
  ) {
    this.db = forTenant(deps.db, tenantId);
  }

  start(): void {
    this.running ??= this.loop().finally(() => {
      this.hasEnded = true;
    });
  }

  /** Stops the job and waits for it: the mail in hand is committed or left for the next start. */
  async stop(): Promise<void> {
    this.isStopped = true;
    this.wake?.();
    this.client?.close();
    await this.running;
  }

  /** Cuts a wait short (the mailbox's settings were changed): the job reads them at once. */
  nudge(): void {
    this.wake?.();
  }

  /**
   * The mailbox as stored now, with a fresh OAuth access token; null when it is gone or
   * disabled. Read before every pass, so a changed password or folder takes effect.
   */
  private async current(): Promise<Mailbox | null> {
    const mailbox = await getMailbox(this.db, this.mailboxId);
    if (!mailbox?.isEnabled) return null;
    const { config } = this.deps;
    return config ? withFreshToken({ ...this.deps, config }, mailbox) : mailbox;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.isStopped) {
      try {
        const mailbox = await this.current();
        if (!mailbox) return;
        const client = await connectImap(mailbox, this.deps.secrets);
        this.client = client;
        // Signed in: the mailbox works again before its first mail is stored, so nobody
        // sees new mail beside a "failing" mark.
        await markMailboxOk(this.db, this.mailboxId);
        client.on('exists', () => {
          this.hasNews = true;
          this.wake?.();
        });
        client.on('close', () => this.wake?.());
        let latest: Mailbox | null = mailbox;
        while (!this.isStopped && client.usable) {
          this.hasNews = false;
          await fetchNewMail({ ...this.deps, db: this.db }, client, latest, this.options.hooks);
          await markMailboxOk(this.db, this.mailboxId);
          failures = 0;
          if (!this.hasNews) await this.sleep(this.options.pollMs);
          if (this.isStopped) break;
          latest = await this.current();
          if (!latest) return;
          // New settings or a refreshed token: sign in again with them.
          if (signInSettings(latest) !== signInSettings(mailbox)) break;
        }
      } catch (error) {
        if (this.isStopped) break;
        failures += 1;
        this.options.onError?.(error);
        await markMailboxFailing(this.db, this.mailboxId, imapErrorText(error)).catch((markError: unknown) =>
          this.options.onError?.(markError),
        );
        const wait = backoffMs(failures, this.options.initialBackoffMs, this.options.maxBackoffMs);
        await this.sleep(wait);
      } finally {
        this.client?.close();
        this.client = null;
      }
    }
  }

  /**
   * Waits until the time is up, new mail is reported, the connection closes, or the job stops.
   * A stop that came while the job was busy (no wait to cut short then) ends it at once: a job
   * that went on to its backoff would hold up the stop, and the server's shutdown, for minutes.
   */
  private sleep(ms: number): Promise<void> {
    if (this.isStopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
