// Issue 22's send figure: mails queued at once through the queue service (queueMail, as a POST
// does), sent by the real outbox worker through the store's mailbox to a local SMTP receiver:
// once while they are being queued, once with all of them queued before the worker starts.
// The worker is not changed: a subclass times its claims, and its sender (the one the app gives
// it, createOutboxSender) is wrapped to time the sessions' opening, their sends and the stage
// records the sends wait for.
import net from 'node:net';
import os from 'node:os';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client';
import { forTenant } from '../../packages/server/src/db/tenant-db';
import type { FileStorage } from '../../packages/server/src/lib/file-storage';
import type { SecretBox } from '../../packages/server/src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../packages/server/src/modules/mail/accounts/mailbox.repository';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../packages/server/src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../packages/server/src/modules/mail/outbox/queue-mail.service';
import {
  createOutboxSender,
  type OutboxSender,
} from '../../packages/server/src/modules/mail/outbox/outbox-sender';
import {
  mailboxTransportOptions,
  sendThroughMailbox,
} from '../../packages/server/src/modules/mail/outbox/smtp.client';
import {
  openSmtpSession,
  type SessionMail,
} from '../../packages/server/src/modules/mail/outbox/smtp-session';
import type { SmtpReceiver } from '../../packages/server/test/helpers/mail-servers';
import { AGENT, TENANT, type ComposeCase } from './compose-data';

/** One run of the worker over `mails` queued mails. */
export interface SendRun {
  /** The worker ran while the mails were queued (else it started once all were). */
  isWhileQueueing: boolean;
  queueMs: number;
  /** From the first mail queued (or the worker's start) to the receiver's acceptance of the last. */
  acceptedMs: number;
  /** From the same start to the last one recorded as sent in the database. */
  recordedMs: number;
  duplicates: number;
  missing: number;
  sentRows: number;
  rounds: number;
  claimMs: number;
  /** SMTP sessions opened (connect, greeting, sign-in) and the time spent opening them. */
  sessionsOpened: number;
  openMs: number;
  /** Inside the sessions' sends (RSET to 250), summed over the sessions running at once. */
  sendMs: number;
  /** What the sends waited for the stage records (and the mail before's record) inside that. */
  stageMs: number;
  stageRecords: number;
  /** CPU time of this process (worker, receiver, and the queueing when at once) from start to the last accepted. */
  cpuMs: number;
}

export interface OutboxFigures {
  mails: number;
  /** Connections of the pool the worker and the queueing share. */
  poolSize: number;
  options: OutboxOptions;
  runs: SendRun[];
  /** One committed UPDATE on this server. */
  commitMs: number;
  synchronousCommit: string;
  /** The same messages without the outbox (mails per second), and the receiver's greeting pause. */
  smtpOnly: {
    greetingMs: number;
    perMailSession: number;
    perMailSessionNoDelay: number;
    oneConnection: number;
    oneConnectionNoDelay: number;
    fourConnectionsNoDelay: number;
    /** The worker's own sessions (openSmtpSession, sessionsPerMailbox of them) with no database. */
    workerSessions: number;
  };
}

/** Messages sent again in each of the comparisons without the outbox (a new session each takes long). */
export const SAMPLE = 200;
const ms = (from: number) => performance.now() - from;

/** Each accepted message's Message-ID, counted: none may come twice. */
function countMessageIds(receiver: SmtpReceiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of receiver.received) {
    const id = /^Message-ID:\s*(.*)$/im.exec(mail.raw.toString('latin1'))?.[1]?.trim() ?? '(none)';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** A worker whose claims are timed (the class itself is the app's). */
class TimedOutboxWorker extends OutboxWorker {
  rounds = 0;
  claimMs = 0;
  override async claim() {
    const started = performance.now();
    const jobs = await super.claim();
    this.claimMs += ms(started);
    if (jobs.length > 0) this.rounds += 1;
    return jobs;
  }
}

type Timing = Pick<SendRun, 'sessionsOpened' | 'openMs' | 'sendMs' | 'stageMs' | 'stageRecords'>;

/** The app's sender (createOutboxSender), its sessions' opening, sends and stage waits timed. */
function timedSender(secrets: SecretBox, timing: Timing): OutboxSender {
  const app = createOutboxSender({ secrets, refresh: (m) => Promise.resolve(m), dataDir: os.tmpdir() });
  const timedSend = (send: (mail: SessionMail) => Promise<void>) => async (mail: SessionMail) => {
    const started = performance.now();
    const recordStage = mail.onStage;
    const onStage = recordStage
      ? async (stage: Parameters<typeof recordStage>[0]) => {
          const at = performance.now();
          try {
            await recordStage(stage);
          } finally {
            timing.stageMs += ms(at);
            timing.stageRecords += 1;
          }
        }
      : undefined;
    try {
      await send({ ...mail, onStage });
    } finally {
      timing.sendMs += ms(started);
    }
  };
  return {
    sessionKey: app.sessionKey,
    open: async (m) => {
      const started = performance.now();
      const session = await app.open(m);
      timing.openMs += ms(started);
      timing.sessionsOpened += 1;
      return {
        send: timedSend(session.send),
        get isOpen() {
          return session.isOpen;
        },
        close: session.close,
      };
    },
  };
}

interface RunContext {
  db: Db;
  files: FileStorage;
  secrets: SecretBox;
  mailbox: Mailbox;
  cases: ComposeCase[];
  receiver: SmtpReceiver;
  mails: number;
  options: OutboxOptions;
}

async function sendRun(c: RunContext, isWhileQueueing: boolean): Promise<SendRun> {
  const { db, files, mailbox, cases, receiver, mails } = c;
  const timing: Timing = { sessionsOpened: 0, openMs: 0, sendMs: 0, stageMs: 0, stageRecords: 0 };
  const worker = new TimedOutboxWorker({ db, files }, timedSender(c.secrets, timing), c.options, (e) => {
    console.error('  outbox worker error:', e);
  });
  receiver.received.length = 0;
  const store = forTenant(db, TENANT);
  if (isWhileQueueing) worker.start();
  const queued = performance.now();
  const cpuAtQueue = process.cpuUsage();
  const ids = await inParallel(mails, 8, async (n) => {
    const c2 = cases[n % cases.length] as ComposeCase;
    const id = await store.transaction((tx) =>
      queueMail(tx, files, {
        tenantId: TENANT,
        mailboxId: mailbox.id,
        createdBy: AGENT,
        mailLogType: 'customer',
        caseId: c2.id,
        caseNumber: c2.caseNumber,
        from: { name: 'Bench Compose', address: mailbox.address },
        to: [{ address: c2.customerEmail }],
        subject: 'Re: Reklamasjon på espressomaskin',
        text: `Hei Kari, en ny maskin er sendt i dag (${String(n)}). Mvh Bench Compose`,
        html: `<p>Hei Kari, en ny maskin er sendt i dag (${String(n)}).</p><p>Mvh Bench Compose</p>`,
      }),
    );
    worker.notify();
    return id;
  });
  const queueMs = ms(queued);
  const started = isWhileQueueing ? queued : performance.now();
  const cpu = isWhileQueueing ? cpuAtQueue : process.cpuUsage();
  if (!isWhileQueueing) worker.start();
  await receiver.waitFor(mails, 10 * 60_000);
  const acceptedMs = ms(started);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const sentRows = async () => {
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM mail_logs WHERE tenant_id = ${TENANT} AND send_state = 'sent'
        AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };
  const deadline = Date.now() + 60_000;
  while ((await sentRows()) < mails && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const recordedMs = ms(started);
  // A moment more: a mail sent twice would arrive after the last first copy.
  await new Promise((r) => setTimeout(r, 500));
  await worker.stop();
  const counts = countMessageIds(receiver);
  return {
    isWhileQueueing,
    queueMs,
    acceptedMs,
    recordedMs,
    duplicates: [...counts.values()].reduce((sum, n) => sum + n - 1, 0),
    missing: Math.max(0, mails - counts.size),
    sentRows: await sentRows(),
    rounds: worker.rounds,
    claimMs: worker.claimMs,
    cpuMs,
    ...timing,
  };
}

export async function runOutbox(options: {
  db: Db;
  poolSize: number;
  files: FileStorage;
  secrets: SecretBox;
  mailbox: Mailbox;
  cases: ComposeCase[];
  receiver: SmtpReceiver;
  mails: number;
  workerOptions?: OutboxOptions;
}): Promise<OutboxFigures> {
  const context = { ...options, options: options.workerOptions ?? DEFAULT_OUTBOX_OPTIONS };
  const runs = [await sendRun(context, true), await sendRun(context, false)];
  return {
    mails: options.mails,
    poolSize: options.poolSize,
    options: context.options,
    runs,
    ...(await commitLatency(options.db)),
    smtpOnly: await smtpOnly(options.secrets, options.mailbox, options.receiver, context.options),
  };
}

/** A socket to the receiver with Nagle's algorithm off (nodemailer's getSocket hook). */
const noDelaySocket =
  (host: string, port: number) =>
  (_options: unknown, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) => {
    const socket = net.connect(port, host);
    socket.setNoDelay(true);
    socket.once('error', (error) => {
      callback(error);
    });
    socket.once('connect', () => {
      callback(null, { connection: socket });
    });
  };

/** Milliseconds from the TCP connection to the receiver's 220 greeting, the median of `samples`. */
async function greetingPause(host: string, port: number, samples = 9): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    times.push(
      await new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const socket = net.connect(port, host);
        socket.once('error', reject);
        socket.once('data', () => {
          resolve(ms(started));
          socket.end('QUIT\r\n');
        });
      }),
    );
  }
  return times.sort((a, b) => a - b)[Math.floor(samples / 2)] ?? 0;
}

/**
 * The receiver's own pace, without the outbox and its database: SAMPLE of the accepted messages
 * sent again, in a new SMTP session each (as the worker sent before it kept sessions), over kept
 * connections (nodemailer's pool), and over the worker's own kept sessions; mails per second.
 */
async function smtpOnly(
  secrets: SecretBox,
  mailbox: Mailbox,
  receiver: SmtpReceiver,
  options: OutboxOptions,
) {
  const messages = receiver.received.slice(0, SAMPLE).map((m) => ({ from: m.from, to: m.to, raw: m.raw }));
  const rate = async (run: () => Promise<void>) => {
    receiver.received.length = 0;
    const started = performance.now();
    await run();
    return messages.length / (ms(started) / 1000);
  };
  const settings = mailboxTransportOptions(secrets, mailbox);
  const getSocket = noDelaySocket(receiver.host, receiver.port);
  const perMailSession = await rate(async () => {
    const transport = nodemailer.createTransport(settings);
    for (const m of messages) await transport.sendMail({ envelope: { from: m.from, to: m.to }, raw: m.raw });
  });
  // sendThroughMailbox: one of the worker's sessions (Nagle off) for each mail.
  const perMailSessionNoDelay = await rate(async () => {
    for (const m of messages)
      await sendThroughMailbox(secrets, { mailbox, from: m.from, recipients: m.to, raw: m.raw });
  });
  const workerSessions = await rate(async () => {
    const queue = [...messages];
    await Promise.all(
      Array.from({ length: options.sessionsPerMailbox }, async () => {
        const session = await openSmtpSession(settings);
        try {
          for (let m = queue.shift(); m; m = queue.shift())
            await session.send({ from: m.from, recipients: m.to, raw: m.raw });
        } finally {
          session.close();
        }
      }),
    );
  });
  const pooled = (connections: number, isNoDelay: boolean) =>
    rate(async () => {
      const transport = nodemailer.createTransport({
        ...settings,
        pool: true,
        maxConnections: connections,
        maxMessages: Infinity,
        ...(isNoDelay && { getSocket }),
      } as SMTPPool.Options);
      try {
        await Promise.all(
          messages.map((m) => transport.sendMail({ envelope: { from: m.from, to: m.to }, raw: m.raw })),
        );
      } finally {
        transport.close();
      }
    });
  const oneConnection = await pooled(1, false);
  const oneConnectionNoDelay = await pooled(1, true);
  const fourConnectionsNoDelay = await pooled(4, true);
  receiver.received.length = 0;
  return {
    greetingMs: await greetingPause(receiver.host, receiver.port),
    perMailSession,
    perMailSessionNoDelay,
    oneConnection,
    oneConnectionNoDelay,
    fourConnectionsNoDelay,
    workerSessions,
  };
}

/** One committed single-row UPDATE on this server, in ms (the median of `samples`), and synchronous_commit. */
async function commitLatency(
  db: Db,
  samples = 101,
): Promise<{ commitMs: number; synchronousCommit: string }> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_commit (id int PRIMARY KEY, n int NOT NULL)`);
  await db.execute(sql`INSERT INTO bench_commit VALUES (1, 0) ON CONFLICT DO NOTHING`);
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await db.execute(sql`UPDATE bench_commit SET n = n + 1 WHERE id = 1`);
    times.push(ms(started));
  }
  const setting = await db.execute(sql`SELECT current_setting('synchronous_commit') AS value`);
  return {
    commitMs: times.sort((a, b) => a - b)[Math.floor(samples / 2)] ?? 0,
    synchronousCommit: (setting as { rows: { value: string }[] }).rows[0]?.value ?? '?',
  };
}
