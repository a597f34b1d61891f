import type { FastifyInstance } from 'fastify';
import { backoffMs } from '../lib/backoff';
import { startInboundSmtp, type InboundSmtp } from '../modules/mail/intake/inbound-smtp.worker';
import { MailFetcher } from '../modules/mail/intake/mail-fetcher.worker';
import { DEFAULT_JOB_OPTIONS } from '../modules/mail/intake/mailbox-job.worker';
import { createMailboxLocks } from '../modules/mail/intake/mailbox-locks.system';
import { withFreshToken } from '../modules/mail/accounts/token-refresh.service';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from '../modules/mail/outbox/outbox.worker';
import { createOutboxSender } from '../modules/mail/outbox/outbox-sender';

/** What the routes may tell the running workers. */
export interface MailWorkersHandle {
  /** A mailbox was added, changed, enabled, disabled or removed: the fetcher looks now. */
  onMailboxesChanged: () => void;
  /** Where the workers are: started with the app, stopped when it closes (for /readyz). */
  state: () => MailWorkersState;
  /** Which mail parts this process runs (for /readyz). */
  parts: () => MailParts;
}

/**
 * The inbound receiver runs in one process at a time, the one holding the port; the others
 * wait for it (`waiting`), trying again every few seconds, and take over when the holder stops.
 */
export interface MailParts {
  fetcher: 'running' | 'stopped';
  outbox: 'running' | 'stopped';
  inboundSmtp: 'listening' | 'waiting' | 'stopped';
}

/** How often a process without the inbound port tries to take it: from 1 s, at most every 4 s. */
const PORT_RETRY_BASE_MS = 1000;
const PORT_RETRY_MAX_MS = 4000;

/** `starting` until the app is ready, `running` after, `stopped` once it closes. */
export type MailWorkersState = 'starting' | 'running' | 'stopped';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running mail workers; null when MAIL_WORKERS is off. */
    mailWorkers: MailWorkersHandle | null;
  }
}

/**
 * Starts the mail fetcher, the outbox worker and the inbound SMTP receiver with the app (when
 * MAIL_WORKERS is on), stops them on close: the sends in hand are finished and recorded first.
 * Several server processes may run them at once: each mailbox is fetched by the process that
 * holds its advisory lock, the outbox is shared through SKIP LOCKED, and the receiver runs in
 * whichever process got the port (the others take it over when it stops).
 */
export function registerMailWorkers(app: FastifyInstance): void {
  const { deps } = app;
  if (!deps.config.MAIL_WORKERS) {
    app.decorate('mailWorkers', null);
    return;
  }
  const log = app.log.child({ module: 'mail-workers' });
  const onError = (error: unknown) => {
    log.warn({ err: error }, 'mail worker error');
  };
  const send = createOutboxSender({
    secrets: deps.secrets,
    refresh: (mailbox) => withFreshToken(deps, mailbox),
    smtpUrl: deps.config.SMTP_URL,
    dataDir: deps.config.DATA_DIR,
  });

  let fetcher: MailFetcher | null = null;
  let outbox: OutboxWorker | null = null;
  let stopListening: (() => void) | null = null;
  let inbound: InboundSmtp | null = null;
  let portRetry: NodeJS.Timeout | null = null;
  let state: MailWorkersState = 'starting';
  app.decorate('mailWorkers', {
    onMailboxesChanged: () => {
      fetcher?.requestSync();
    },
    state: () => state,
    parts: () => {
      const isRunning = state === 'running';
      return {
        fetcher: isRunning && fetcher ? 'running' : 'stopped',
        outbox: isRunning && outbox ? 'running' : 'stopped',
        inboundSmtp: inbound ? 'listening' : isRunning ? 'waiting' : 'stopped',
      };
    },
  });

  /**
   * Takes the inbound port, or waits for it: another server process has it, and this one tries
   * again (with a short back-off) until that one stops, so that mail is always received.
   */
  const isStopped = () => state === 'stopped';
  const takeInboundPort = async (attempt: number): Promise<void> => {
    portRetry = null;
    if (isStopped()) return;
    try {
      const started = await startInboundSmtp(deps, { port: deps.config.INBOUND_SMTP_PORT, onError });
      // The app closed while the port was being taken.
      if (isStopped()) {
        await started.stop();
        return;
      }
      inbound = started;
      log.info({ port: started.port, attempt }, 'inbound SMTP receiver listening on 127.0.0.1');
    } catch (error) {
      // Another server process has the port: that one receives; this one fetches, sends and waits.
      if (attempt === 1)
        log.warn(
          { err: error, port: deps.config.INBOUND_SMTP_PORT },
          'inbound SMTP port taken: waiting to take it over',
        );
      portRetry = setTimeout(
        () => void takeInboundPort(attempt + 1),
        backoffMs(attempt, PORT_RETRY_BASE_MS, PORT_RETRY_MAX_MS),
      );
      portRetry.unref();
    }
  };

  app.addHook('onReady', async () => {
    outbox = new OutboxWorker(
      deps,
      send,
      { ...DEFAULT_OUTBOX_OPTIONS, leaseMs: deps.config.OUTBOX_LEASE_SECONDS * 1000 },
      onError,
    );
    const worker = outbox;
    stopListening = deps.outboxSignal.listen(() => {
      worker.notify();
    });
    worker.start();
    fetcher = new MailFetcher(deps, {
      rescanMs: 30_000,
      job: DEFAULT_JOB_OPTIONS,
      locks: await createMailboxLocks(deps.db),
      onError,
    });
    await fetcher.start();
    state = 'running';
    await takeInboundPort(1);
  });

  app.addHook('onClose', async () => {
    state = 'stopped';
    if (portRetry) clearTimeout(portRetry);
    stopListening?.();
    await Promise.all([inbound?.stop(), fetcher?.stop(), outbox?.stop()]);
  });
}
