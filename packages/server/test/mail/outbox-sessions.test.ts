/**
 * The outbox's kept SMTP sessions, with the app's sender (createOutboxSender) and a real
 * smtp-server receiver that counts connections and deliveries: several mails of one mailbox go
 * through one connection, and a mail refused or cut off in a session loses or doubles none of the
 * others.
 */
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import { createOutboxSender } from '../../src/modules/mail/outbox/outbox-sender';
import {
  CUT_OFF_ERROR,
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { startRecordingSmtp } from '../helpers/recording-smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

const USER = 'support@sessions.test';
const PASSWORD = 'smtp-secret';
const secrets = createSecretBox('outbox-sessions-key-'.repeat(3));
const fast: OutboxOptions = {
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
type Act = 'accept' | 'accept-then-drop' | 'refuse-data' | 'busy-data' | 'drop-at-mail' | 'drop-in-data';
let actOn: (subject: string) => Act = () => 'accept';
/** Asked at each MAIL FROM (the subject is not known yet): `drop-at-mail` cuts the connection there. */
let nextAtMail: (() => Act) | null = null;

interface Receiver {
  host: string;
  port: number;
  /** TCP connections accepted. */
  connections: number;
  /** Messages whose last line arrived, by subject (a real server may deliver those). */
  deliveries: Map<string, number>;
  stop: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
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
      if (nextAtMail?.() === 'drop-at-mail') {
        nextAtMail = null;
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
        const act = actOn(subject);
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

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});
beforeEach(() => {
  receiver.connections = 0;
  receiver.deliveries.clear();
  actOn = () => 'accept';
  nextAtMail = null;
});

let stores = 0;
async function storeWithCase() {
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

const sender = createOutboxSender({ secrets, refresh: (m) => Promise.resolve(m), dataDir: '/nonexistent' });
const worker = (options: Partial<OutboxOptions> = {}) =>
  new OutboxWorker({ db: t.db, files: t.app.deps.files }, sender, { ...fast, ...options });

/** Queues one mail per subject; a subject starting with "refused" goes to an address the receiver refuses. */
async function queue(store: Awaited<ReturnType<typeof storeWithCase>>, subjects: string[]) {
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

const mailRow = async (tenantId: string, id: number | undefined) =>
  (
    await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id ?? 0)))
  )[0];
const outboxSize = async (tenantId: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId))).length;
const pendingCount = async (tenantId: string, caseId: number) =>
  (
    await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)))
  )[0]?.sendPendingMailCount;
const subjects = (n: number, prefix = 'Mail') =>
  Array.from({ length: n }, (_, i) => `${prefix} ${String(i)}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runUntilEmpty(tenantId: string, options: Partial<OutboxOptions> = {}) {
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

describe('outbox sessions', () => {
  it('sends several mails of one mailbox through one SMTP connection, each once', async () => {
    const store = await storeWithCase();
    const ids = await queue(store, subjects(6));
    expect(await worker().runOnce()).toBe(6);
    expect(receiver.connections).toBe(1);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect(await mailRow(store.tenantId, id)).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    }
    expect(await pendingCount(store.tenantId, store.caseRow.id)).toBe(0);
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('keeps the session from round to round while there is mail, and at most sessionsPerMailbox of them', async () => {
    const store = await storeWithCase();
    await queue(store, subjects(8));
    await runUntilEmpty(store.tenantId, { batchSize: 2 });
    expect(receiver.connections).toBe(1);
    expect([...receiver.deliveries.values()]).toEqual(Array.from({ length: 8 }, () => 1));

    receiver.connections = 0;
    const ids = await queue(store, subjects(12, 'Parallel'));
    expect(await worker({ sessionsPerMailbox: 3 }).runOnce()).toBe(12);
    expect(receiver.connections).toBeLessThanOrEqual(3);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect((await mailRow(store.tenantId, id))?.sendState).toBe('sent');
    }
  });

  it('fails a mail the receiver refuses at RCPT (550) and sends the next one in the same session once', async () => {
    const store = await storeWithCase();
    const ids = await queue(store, ['Before', 'refused recipient', 'After']);
    expect(await worker().runOnce()).toBe(3);
    expect(receiver.connections).toBe(1);
    const refused = await mailRow(store.tenantId, ids.get('refused recipient'));
    expect(refused).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(refused?.sendError).toMatch(/550/);
    expect(receiver.deliveries.get('refused recipient')).toBeUndefined();
    for (const subject of ['Before', 'After']) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect((await mailRow(store.tenantId, ids.get(subject)))?.sendState).toBe('sent');
    }
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('fails a mail refused after its DATA (554), retries one the receiver is busy for (451), and sends the others once', async () => {
    const store = await storeWithCase();
    let isBusy = true;
    actOn = (subject) => {
      if (subject === 'Refused body') return 'refuse-data';
      if (subject === 'Busy' && isBusy) {
        isBusy = false;
        return 'busy-data';
      }
      return 'accept';
    };
    const ids = await queue(store, ['One', 'Refused body', 'Two', 'Busy', 'Three']);
    await runUntilEmpty(store.tenantId);
    const refused = await mailRow(store.tenantId, ids.get('Refused body'));
    expect(refused).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(refused?.sendError).toMatch(/554/);
    expect(await mailRow(store.tenantId, ids.get('Busy'))).toMatchObject({
      sendState: 'sent',
      sendAttempts: 2,
    });
    for (const subject of ['One', 'Two', 'Three']) {
      expect(await mailRow(store.tenantId, ids.get(subject))).toMatchObject({
        sendState: 'sent',
        sendAttempts: 1,
      });
      expect(receiver.deliveries.get(subject)).toBe(1);
    }
    // The refused and the busy one reached the receiver's end of DATA once each time they were sent.
    expect(receiver.deliveries.get('Refused body')).toBe(1);
    expect(receiver.deliveries.get('Busy')).toBe(2);
  });

  it('a connection the server drops at a MAIL FROM: that mail is tried again, the rest go through a new session, each once', async () => {
    const store = await storeWithCase();
    let mails = 0;
    nextAtMail = () => {
      mails += 1;
      return mails === 3 ? 'drop-at-mail' : 'accept';
    };
    const ids = await queue(store, subjects(6, 'Dropped'));
    await runUntilEmpty(store.tenantId);
    expect(receiver.connections).toBeGreaterThanOrEqual(2);
    const attempts: number[] = [];
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      const row = await mailRow(store.tenantId, id);
      expect(row?.sendState).toBe('sent');
      attempts.push(row?.sendAttempts ?? 0);
    }
    // The mail whose MAIL FROM met the drop counted an attempt; the others went at the first.
    expect(attempts.sort()).toEqual([1, 1, 1, 1, 1, 2]);
    expect(await pendingCount(store.tenantId, store.caseRow.id)).toBe(0);
  });

  it('a connection cut during a DATA: that mail is failed as maybe delivered, never resent; the rest are sent once', async () => {
    const store = await storeWithCase();
    actOn = (subject) => (subject === 'Cut 2' ? 'drop-in-data' : 'accept');
    const ids = await queue(store, subjects(5, 'Cut'));
    await runUntilEmpty(store.tenantId);
    expect(await mailRow(store.tenantId, ids.get('Cut 2'))).toMatchObject({
      sendState: 'failed',
      sendError: CUT_OFF_ERROR,
    });
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      if (subject !== 'Cut 2') expect((await mailRow(store.tenantId, id))?.sendState).toBe('sent');
    }
    expect(receiver.connections).toBe(2);
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('a kept session the server closed between two mails is replaced: the next mail goes through a new one, no attempt lost', async () => {
    const store = await storeWithCase();
    actOn = (subject) => (subject === 'Idle 0' ? 'accept-then-drop' : 'accept');
    const ids = await queue(store, ['Idle 0', 'Idle 1', 'Idle 2']);
    expect(await worker().runOnce()).toBe(3);
    expect(receiver.connections).toBe(2);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect(await mailRow(store.tenantId, id)).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    }
  });
});

describe('outbox sender', () => {
  it('signs a kept session in with XOAUTH2 and the token the refresh gives, once for all of the mailbox mails', async () => {
    const oauth = await startRecordingSmtp({ auth: { user: 'desk@gmail.test', accessToken: 'fresh-token' } });
    try {
      const { tenantId } = await createStore(t.db);
      const mailbox = await createMailbox(t.db, secrets, {
        tenantId,
        address: 'desk@gmail.test',
        kind: 'imap-oauth-google',
        smtpHost: oauth.host,
        smtpPort: oauth.port,
        smtpSecure: false,
        secret: JSON.stringify({ accessToken: 'expired-token' }),
      });
      const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
      const ids = await queue({ tenantId, mailbox, caseRow }, subjects(3, 'OAuth'));
      let refreshes = 0;
      const oauthSender = createOutboxSender({
        secrets,
        refresh: (m) => {
          refreshes += 1;
          return Promise.resolve({
            ...m,
            secretEncrypted: secrets.seal(m.tenantId, JSON.stringify({ accessToken: 'fresh-token' })),
          });
        },
        dataDir: '/nonexistent',
      });
      const w = new OutboxWorker({ db: t.db, files: t.app.deps.files }, oauthSender, fast);
      expect(await w.runOnce()).toBe(3);
      expect(refreshes).toBe(1);
      expect(oauth.count()).toBe(3);
      for (const id of ids.values()) expect((await mailRow(tenantId, id))?.sendState).toBe('sent');
    } finally {
      await oauth.stop();
    }
  });

  it('opens a new session when the mailbox sign-in changes (a new password or token)', async () => {
    const { mailbox } = await storeWithCase();
    const changed = { ...mailbox, secretEncrypted: secrets.seal(mailbox.tenantId, 'new-secret') };
    expect(sender.sessionKey(changed)).not.toBe(sender.sessionKey(mailbox));
    expect(sender.sessionKey({ ...mailbox, lastSendAt: new Date() })).toBe(sender.sessionKey(mailbox));
    expect(sender.sessionKey(null)).toBe('system');
  });
});
