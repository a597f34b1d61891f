/**
 * The set-up the outbox session and sender tests share (outbox-session-reuse, outbox-session-failures,
 * outbox-sender): an app, the app's sender (createOutboxSender) and a real smtp-server receiver
 * that counts connections and deliveries and can refuse a mail or cut the connection, and helpers
 * to make a store with a mailbox and a case, queue mails by subject, run a worker and read the mail
 * rows, the outbox and the case's pending count. Each file calls setUpSessionsApp() for its own app
 * and receiver.
 */
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import { createOutboxSender } from '../../src/modules/mail/outbox/outbox-sender';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const USER = 'support@sessions.test';
const PASSWORD = 'smtp-secret';
export const secrets = createSecretBox('outbox-sessions-key-'.repeat(3));
export const fast: OutboxOptions = {
  ...DEFAULT_OUTBOX_OPTIONS,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  pollMs: 20,
  sessionsPerMailbox: 1,
};

/**
 * What the receiver does with a mail at its end of DATA, by subject: takes it, refuses it (554),
 * is busy (451), cuts the connection before answering, or takes it and cuts the connection at the
 * client's next command (the RSET before its next mail), as a server closing an idle session.
 */
export type Act =
  'accept' | 'accept-then-drop' | 'refuse-data' | 'busy-data' | 'drop-at-mail' | 'drop-in-data';

/** How the receiver treats the mails (a test may switch it; by default it takes every mail). */
export interface ReceiverActs {
  /** Asked at the end of each DATA, with the mail's subject. */
  actOn: (subject: string) => Act;
  /** Asked at each MAIL FROM (the subject is not known yet): `drop-at-mail` cuts the connection there. */
  atMailFrom: () => Act;
}

export interface Receiver {
  host: string;
  port: number;
  /** TCP connections accepted. */
  connections: number;
  /** Messages whose last line arrived, by subject (a real server may deliver those). */
  deliveries: Map<string, number>;
  stop: () => Promise<void>;
}

async function startReceiver(acts: ReceiverActs): Promise<Receiver> {
  const receiver: Receiver = {
    host: '127.0.0.1',
    port: await freePort(),
    connections: 0,
    deliveries: new Map(),
    stop: () => Promise.resolve(),
  };
  type Connection = { session: { id: string }; _socket: import('node:net').Socket };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      receiver.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, session, callback) {
      if (acts.atMailFrom() === 'drop-at-mail') {
        socketOf(session.id)?.destroy();
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const subject =
          /^Subject: (.*?)(?: \[#\d+\])?\r?$/m.exec(Buffer.concat(chunks).toString())?.[1] ?? '';
        receiver.deliveries.set(subject, (receiver.deliveries.get(subject) ?? 0) + 1);
        const act = acts.actOn(subject);
        if (act === 'drop-in-data') {
          socketOf(session.id)?.destroy();
          return;
        }
        if (act === 'accept-then-drop') {
          const socket = socketOf(session.id);
          socket?.prependOnceListener('data', () => socket.destroy());
        }
        if (act === 'refuse-data')
          callback(Object.assign(new Error('Message refused'), { responseCode: 554 }));
        else if (act === 'busy-data')
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        else callback();
      });
    },
  });
  const socketOf = (id: string) =>
    [...(server as unknown as { connections: Set<Connection> }).connections].find((c) => c.session.id === id)
      ?._socket;
  await new Promise<void>((resolve) => server.listen(receiver.port, receiver.host, () => resolve()));
  // The tests drop and cut connections on purpose: smtp-server reports those as server errors.
  server.on('error', () => undefined);
  receiver.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

export let t: TestApp;
export let receiver: Receiver;

/** Registers the file's beforeAll (the app, the receiver acting as `acts` says), afterAll and beforeEach. */
export function setUpSessionsApp(
  acts: ReceiverActs = { actOn: () => 'accept', atMailFrom: () => 'accept' },
): void {
  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startReceiver(acts);
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });
  beforeEach(() => {
    receiver.connections = 0;
    receiver.deliveries.clear();
  });
}

let stores = 0;
export async function storeWithCase() {
  const { tenantId } = await createStore(t.db);
  stores += 1;
  const mailbox: Mailbox = await createMailbox(t.db, secrets, {
    tenantId,
    address: `support-${String(stores)}@sessions.test`,
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    smtpHost: receiver.host,
    smtpPort: receiver.port,
    smtpSecure: false,
    smtpUser: USER,
    secret: PASSWORD,
  });
  const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
  return { tenantId, mailbox, caseRow };
}

export const sender = createOutboxSender({
  secrets,
  refresh: (m) => Promise.resolve(m),
  dataDir: '/nonexistent',
});
export const worker = (options: Partial<OutboxOptions> = {}) =>
  new OutboxWorker({ db: t.db, files: t.app.deps.files }, sender, { ...fast, ...options });

/** Queues one mail per subject; a subject starting with "refused" goes to an address the receiver refuses. */
export async function queue(store: Awaited<ReturnType<typeof storeWithCase>>, subjects: string[]) {
  const { tenantId, mailbox, caseRow } = store;
  const ids = new Map<string, number>();
  for (const subject of subjects) {
    const id = await forTenant(t.db, tenantId).transaction((tx) =>
      queueMail(tx, t.app.deps.files, {
        tenantId,
        mailboxId: mailbox.id,
        createdBy: 'staff@sessions.test',
        mailLogType: 'customer',
        caseId: caseRow.id,
        caseNumber: caseRow.caseNumber,
        from: { address: mailbox.address },
        to: [{ address: subject.startsWith('refused') ? 'refused@customer.test' : 'kari@customer.test' }],
        subject,
        text: 'About your claim.',
      }),
    );
    ids.set(subject, id);
  }
  return ids;
}

export const mailRow = async (tenantId: string, id: number | undefined) =>
  (
    await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id ?? 0)))
  )[0];
export const outboxSize = async (tenantId: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId))).length;
export const pendingCount = async (tenantId: string, caseId: number) =>
  (
    await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)))
  )[0]?.sendPendingMailCount;
export const subjects = (n: number, prefix = 'Mail') =>
  Array.from({ length: n }, (_, i) => `${prefix} ${String(i)}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runUntilEmpty(tenantId: string, options: Partial<OutboxOptions> = {}) {
  const w = worker(options);
  w.start();
  try {
    const deadline = Date.now() + 15_000;
    while ((await outboxSize(tenantId)) > 0) {
      if (Date.now() > deadline) throw new Error('the outbox did not empty');
      await sleep(20);
    }
  } finally {
    await w.stop();
  }
}
