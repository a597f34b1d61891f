// Issue 22's send figure: mails queued at once through the queue service (queueMail, as a POST
// does), sent by the real outbox worker through the store's mailbox to a local SMTP receiver.
// The worker is not changed: a subclass times its claims, and its send function (the one the
// app gives it, sendThroughMailbox) is wrapped to time the SMTP session and the stage records.
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client';
import { forTenant } from '../../packages/server/src/db/tenant-db';
import type { FileStorage } from '../../packages/server/src/lib/file-storage';
import type { SecretBox } from '../../packages/server/src/modules/mail/mail-crypto';
import type { Mailbox } from '../../packages/server/src/modules/mail/mailbox.repository';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../packages/server/src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../packages/server/src/modules/mail/outbox/queue-mail.service';
import {
  mailboxTransportOptions,
  sendThroughMailbox,
  type RawSend,
} from '../../packages/server/src/modules/mail/outbox/smtp.client';
import type { SmtpReceiver } from '../../packages/server/test/helpers/mail-servers';
import { AGENT, TENANT, type ComposeCase } from './compose-data';

export interface OutboxFigures {
  mails: number;
  queueMs: number;
  /** From the first mail queued to the receiver's acceptance of the last. */
  acceptedMs: number;
  /** From the first mail queued to the last one recorded as sent in the database. */
  recordedMs: number;
  duplicates: number;
  missing: number;
  sentRows: number;
  rounds: number;
  claimMs: number;
  /** Inside the send function: the SMTP session with the stage records it waits for. */
  sendMs: number;
  stageMs: number;
  stageRecords: number;
  /** The same messages without the outbox: one SMTP session each, and over one kept connection. */
  smtpOnly: { perMailSession: number; oneConnection: number; fourConnections: number };
}

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

export async function runOutbox(options: {
  db: Db;
  files: FileStorage;
  secrets: SecretBox;
  mailbox: Mailbox;
  cases: ComposeCase[];
  receiver: SmtpReceiver;
  mails: number;
  workerOptions?: OutboxOptions;
}): Promise<OutboxFigures> {
  const { db, files, secrets, mailbox, cases, receiver, mails } = options;
  const timing = { sendMs: 0, stageMs: 0, stageRecords: 0 };
  const send = async (mail: RawSend) => {
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
      await sendThroughMailbox(secrets, { ...mail, onStage });
    } finally {
      timing.sendMs += ms(started);
    }
  };
  const worker = new TimedOutboxWorker(
    { db, files },
    send,
    options.workerOptions ?? DEFAULT_OUTBOX_OPTIONS,
    (e) => {
      console.error('  outbox worker error:', e);
    },
  );
  receiver.received.length = 0;
  const store = forTenant(db, TENANT);
  worker.start();
  const started = performance.now();
  const ids = await inParallel(mails, 8, async (n) => {
    const c = cases[n % cases.length] as ComposeCase;
    const id = await store.transaction((tx) =>
      queueMail(tx, files, {
        tenantId: TENANT,
        mailboxId: mailbox.id,
        createdBy: AGENT,
        mailLogType: 'customer',
        caseId: c.id,
        caseNumber: c.caseNumber,
        from: { name: 'Bench Compose', address: mailbox.address },
        to: [{ address: c.customerEmail }],
        subject: 'Re: Reklamasjon på espressomaskin',
        text: `Hei Kari, en ny maskin er sendt i dag (${String(n)}). Mvh Bench Compose`,
        html: `<p>Hei Kari, en ny maskin er sendt i dag (${String(n)}).</p><p>Mvh Bench Compose</p>`,
      }),
    );
    worker.notify();
    return id;
  });
  const queueMs = ms(started);
  await receiver.waitFor(mails, 10 * 60_000);
  const acceptedMs = ms(started);
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
  const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  const figures = {
    mails,
    queueMs,
    acceptedMs,
    recordedMs,
    duplicates,
    missing: Math.max(0, mails - counts.size),
    sentRows: await sentRows(),
    rounds: worker.rounds,
    claimMs: worker.claimMs,
    ...timing,
  };
  return { ...figures, smtpOnly: await smtpOnly(secrets, mailbox, receiver) };
}

/**
 * The receiver's own pace, without the outbox: the accepted messages sent again, once in a new
 * SMTP session each (as the worker sends), once over one kept connection (nodemailer's pool),
 * once over four; mails per second.
 */
async function smtpOnly(secrets: SecretBox, mailbox: Mailbox, receiver: SmtpReceiver) {
  const messages = receiver.received.map((m) => ({ from: m.from, to: m.to, raw: m.raw }));
  const rate = async (run: () => Promise<void>) => {
    receiver.received.length = 0;
    const started = performance.now();
    await run();
    return messages.length / (ms(started) / 1000);
  };
  const perMailSession = await rate(async () => {
    for (const m of messages)
      await sendThroughMailbox(secrets, { mailbox, from: m.from, recipients: m.to, raw: m.raw });
  });
  const pooled = (connections: number) =>
    rate(async () => {
      const transport = nodemailer.createTransport({
        ...mailboxTransportOptions(secrets, mailbox),
        pool: true,
        maxConnections: connections,
        maxMessages: Infinity,
      });
      try {
        await Promise.all(
          messages.map((m) => transport.sendMail({ envelope: { from: m.from, to: m.to }, raw: m.raw })),
        );
      } finally {
        transport.close();
      }
    });
  const oneConnection = await pooled(1);
  const fourConnections = await pooled(4);
  receiver.received.length = 0;
  return { perMailSession, oneConnection, fourConnections };
}
