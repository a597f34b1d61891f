import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import {
  CUT_OFF_ERROR,
  DEFAULT_OUTBOX_OPTIONS,
  INTERRUPTED_ERROR,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import {
  createSystemSender,
  sendThroughMailbox,
  type RawSend,
} from '../../src/modules/mail/outbox/smtp.client';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/mail-servers';
import { startRecordingSmtp, type RecordingSmtp } from '../helpers/recording-smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

const secrets = createSecretBox('outbox-test-key-'.repeat(3));
const fast: OutboxOptions = {
  ...DEFAULT_OUTBOX_OPTIONS,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  pollMs: 20,
  leaseMs: 60_000,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let smtp: SmtpReceiver;
/** The receiver of the stage tests: counts by Message-ID, may answer slowly or never. */
let recording: RecordingSmtp;
let answerDelayMs = 0;
let isHoldingAnswers = false;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpReceiver({ user: 'support@store.test', password: 'smtp-secret' });
  recording = await startRecordingSmtp({
    auth: { user: 'support@store.test', password: 'smtp-secret' },
    beforeAnswer: async () => {
      if (isHoldingAnswers) return 'never';
      await sleep(answerDelayMs);
      return 'answer';
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await recording.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseNext(0);
  answerDelayMs = 0;
  isHoldingAnswers = false;
});

let mailboxCount = 0;
async function storeWithCase(receiver: { host: string; port: number } = smtp) {
  const { tenantId } = await createStore(t.db);
  mailboxCount += 1;
  // Addresses are unique across stores; the SMTP login stays the receivers' one user.
  const mailbox: Mailbox = await createMailbox(t.db, secrets, {
    tenantId,
    address: `support-${String(mailboxCount)}@store.test`,
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: 'support@store.test',
    smtpHost: receiver.host,
    smtpPort: receiver.port,
    smtpSecure: false,
    secret: 'smtp-secret',
  });
  const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
  return { tenantId, mailbox, caseRow };
}

const worker = (options: OutboxOptions = fast, send = (mail: RawSend) => sendThroughMailbox(secrets, mail)) =>
  new OutboxWorker({ db: t.db, files: t.app.deps.files }, send, options);

async function queue(tenantId: string, mailbox: Mailbox, caseRow: { id: number; caseNumber: number }, n = 1) {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(
      await forTenant(t.db, tenantId).transaction((tx) =>
        queueMail(tx, t.app.deps.files, {
          tenantId,
          mailboxId: mailbox.id,
          createdBy: 'staff@store.test',
          mailLogType: 'customer',
          caseId: caseRow.id,
          caseNumber: caseRow.caseNumber,
          from: { name: 'Store support', address: mailbox.address },
          to: [{ name: 'Kari', address: 'kari@customer.test' }],
          bcc: [{ address: 'archive@store.test' }],
          subject: `Your claim ${String(i)}`,
          text: 'We have received your claim.',
          replyTo: { messageId: '<q1@customer.test>', references: ['<q0@customer.test>'] },
        }),
      ),
    );
  }
  return ids;
}

const mailRow = async (tenantId: string, id: number) =>
  (
    await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)))
  )[0];
const pendingCount = async (tenantId: string, caseId: number) =>
  (
    await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)))
  )[0]?.sendPendingMailCount;
const outboxRows = (tenantId: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId));
const outboxSize = async (tenantId: string) => (await outboxRows(tenantId)).length;
const deliveriesOf = async (tenantId: string, id: number) =>
  recording.deliveries.get((await mailRow(tenantId, id))?.messageId ?? '') ?? 0;

describe('outbox', () => {
  it('writes the mail and its job together and sends it with our Message-ID, thread headers and case tag', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(1);
    expect(await outboxSize(tenantId)).toBe(1);
    expect(await worker().runOnce()).toBe(1);

    const [received] = smtp.received;
    expect(received?.to.sort()).toEqual(['archive@store.test', 'kari@customer.test']);
    const raw = received?.raw.toString() ?? '';
    const row = await mailRow(tenantId, id ?? 0);
    expect(row).toMatchObject({ sendState: 'sent', sendAttempts: 1, sendError: null, direction: 'out' });
    expect(row?.messageId).toMatch(new RegExp(`^<claimdesk\\.case-${String(caseRow.caseNumber)}\\.`));
    expect(raw).toContain(`Message-ID: ${row?.messageId ?? ''}`);
    expect(raw).toContain('In-Reply-To: <q1@customer.test>');
    expect(raw).toContain('References: <q0@customer.test> <q1@customer.test>');
    expect(raw).toContain(`Subject: Your claim 0 [#${String(caseRow.caseNumber)}]`);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
    expect(await outboxSize(tenantId)).toBe(0);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a refused mail with backoff and sends it once', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    smtp.refuseNext(2);
    const w = worker({ ...fast, backoffBaseMs: 300 });
    expect(await w.runOnce()).toBe(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'pending', sendAttempts: 1 });
    expect((await mailRow(tenantId, id ?? 0))?.sendError).toMatch(/451/);
    // Not due again before its backoff has passed.
    expect(await w.runOnce()).toBe(0);
    w.start();
    try {
      await smtp.waitFor(1);
    } finally {
      await w.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({
      sendState: 'sent',
      sendAttempts: 3,
      sendError: null,
    });
  });

  it('gives up after the last attempt or on a permanent error, and shows the error', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    smtp.refuseNext(100);
    const w = worker({ ...fast, maxAttempts: 2, backoffBaseMs: 0 });
    await w.runOnce();
    await w.runOnce();
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'failed', sendAttempts: 2 });
    expect((await mailRow(tenantId, id ?? 0))?.sendError).toMatch(/451/);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
    expect(await outboxSize(tenantId)).toBe(0);

    const wrong = await createMailbox(t.db, secrets, {
      tenantId,
      address: 'other@store.test',
      kind: 'imap-password',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapUser: 'support@store.test',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      secret: 'wrong-secret',
    });
    const [bad] = await queue(tenantId, wrong, caseRow);
    await worker().runOnce();
    expect(await mailRow(tenantId, bad ?? 0)).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a mailbox whose SMTP server is another kind of service: the error names the failure, never its words', async () => {
    const banner = 'SSH-2.0-OpenSSH_9.2p1 internal-build-host\r\n';
    const ssh = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write(banner);
    });
    await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = ssh.address() as net.AddressInfo;
      const { tenantId, mailbox, caseRow } = await storeWithCase({ host: '127.0.0.1', port });
      const [id] = await queue(tenantId, mailbox, caseRow);
      // One attempt: the mail fails for good and leaves the outbox to the other tests.
      expect(await worker({ ...fast, maxAttempts: 1 }).runOnce()).toBe(1);
      const row = await mailRow(tenantId, id ?? 0);
      expect(row?.sendState).toBe('failed');
      expect(row?.sendError).toBe(
        'The connection broke off or the server did not answer as an SMTP server: check the port and the TLS setting',
      );
    } finally {
      ssh.close();
    }
  });

  it('two workers at once, then stopped: each mail reaches the receiver exactly once', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const ids = await queue(tenantId, mailbox, caseRow, 12);
    const a = worker({ ...fast, batchSize: 3 });
    const b = worker({ ...fast, batchSize: 3 });
    a.start();
    b.start();
    await smtp.waitFor(12);
    await Promise.all([a.stop(), b.stop()]);
    const sentIds = smtp.received.map((m) => /^Message-ID: (.*)$/m.exec(m.raw.toString())?.[1]?.trim());
    expect(new Set(sentIds).size).toBe(12);
    for (const id of ids) expect((await mailRow(tenantId, id))?.sendState).toBe('sent');
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
  });
});

describe('outbox send stages', () => {
  it('records connected after the sign-in and data before the first byte of the message', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const [id] = await queue(tenantId, mailbox, caseRow);
    const seen: { stage: string; stored: string | null | undefined; deliveries: number }[] = [];
    const w = worker(fast, (mail) =>
      sendThroughMailbox(secrets, {
        ...mail,
        onStage: async (stage) => {
          await mail.onStage?.(stage);
          const [row] = await outboxRows(tenantId);
          seen.push({ stage, stored: row?.sendStage, deliveries: recording.count() });
        },
      }),
    );
    const before = recording.count();
    expect(await w.runOnce()).toBe(1);
    expect(seen).toEqual([
      { stage: 'connected', stored: 'connected', deliveries: before },
      { stage: 'data', stored: 'data', deliveries: before },
    ]);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'sent', sendError: null });
    expect(await outboxSize(tenantId)).toBe(0);
  });

  /** A process that claimed the mail and died at `stage`: its claim stays until the lease runs out. */
  async function leaveClaimAt(tenantId: string, stage: string | null) {
    const dead = worker({ ...fast, leaseMs: 1 });
    expect(await dead.claim()).toHaveLength(1);
    await t.db.update(mailOutbox).set({ sendStage: stage }).where(eq(mailOutbox.tenantId, tenantId));
    await sleep(20);
  }

  it.each(['claimed', 'connected'])(
    'sends again at once a mail whose sender died at %s (it never reached DATA)',
    async (stage) => {
      const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
      const [id] = await queue(tenantId, mailbox, caseRow);
      await leaveClaimAt(tenantId, stage);
      expect(await worker().runOnce()).toBe(1);
      expect(await deliveriesOf(tenantId, id ?? 0)).toBe(1);
      expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'sent', sendAttempts: 2 });
      expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
      expect(await outboxSize(tenantId)).toBe(0);
    },
  );

  it.each<[string | null, string]>([
    ['data', 'its DATA was under way'],
    [null, 'it was claimed before stages were recorded'],
  ])('fails for a person to decide, never resends, a mail whose sender died at %s (%s)', async (stage) => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const [id] = await queue(tenantId, mailbox, caseRow);
    await leaveClaimAt(tenantId, stage);
    expect(await worker().runOnce()).toBe(1);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(0);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({
      sendState: 'failed',
      sendAttempts: 1,
      sendError: INTERRUPTED_ERROR,
    });
    expect(INTERRUPTED_ERROR).toMatch(/may have been delivered/);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
    expect(await outboxSize(tenantId)).toBe(0);
  });

  it('records as sent, without sending again, a mail the server accepted before its sender died', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const [id] = await queue(tenantId, mailbox, caseRow);
    await leaveClaimAt(tenantId, 'accepted');
    expect(await worker().runOnce()).toBe(1);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(0);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({
      sendState: 'sent',
      sendAttempts: 1,
      sendError: null,
    });
    expect((await mailRow(tenantId, id ?? 0))?.sentAt).toBeInstanceOf(Date);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
  });

  it('a mail that takes its sender down before DATA each time stops after the last attempt', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const [id] = await queue(tenantId, mailbox, caseRow);
    const options = { ...fast, maxAttempts: 2 };
    await leaveClaimAt(tenantId, 'connected');
    await leaveClaimAt(tenantId, 'claimed');
    expect(await worker(options).runOnce()).toBe(1);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(0);
    const row = await mailRow(tenantId, id ?? 0);
    expect(row).toMatchObject({ sendState: 'failed', sendAttempts: 2 });
    expect(row?.sendError).toMatch(/^Not sent: the server stopped during the last of 2 attempts/);
    expect(await outboxSize(tenantId)).toBe(0);
  });

  it('renews its claims while a long send runs: no other worker takes the mail or the rest of the batch', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const ids = await queue(tenantId, mailbox, caseRow, 2);
    // Margins for a loaded machine: a renewal (every third of the lease) may be late by 1.6 s.
    answerDelayMs = 3_000;
    // One session: the second mail waits for the first (its claim must be renewed meanwhile).
    const lease = { ...fast, leaseMs: 2_500, batchSize: 2, sessionsPerMailbox: 1 };
    const sending = worker(lease).runOnce();
    // The other worker starts once both claims are taken: before that, it could simply win the
    // claim race (SKIP LOCKED), which is sharing the work, not taking a held claim.
    while ((await outboxRows(tenantId)).filter((row) => row.lockedBy !== null).length < 2) await sleep(10);
    const other = worker(lease);
    const taken: number[] = [];
    let isDone = false;
    void sending.finally(() => {
      isDone = true;
    });
    // Two sends of 3 s each under a 2.5 s lease: the second waits 3 s before it starts.
    while (!isDone) {
      taken.push(await other.runOnce());
      await sleep(50);
    }
    expect(await sending).toBe(2);
    expect(taken.length).toBeGreaterThan(10);
    expect(taken.every((n) => n === 0)).toBe(true);
    for (const id of ids) {
      expect(await deliveriesOf(tenantId, id)).toBe(1);
      expect(await mailRow(tenantId, id)).toMatchObject({
        sendState: 'sent',
        sendAttempts: 1,
        sendError: null,
      });
    }
  });

  it('does not retry a mail whose connection broke after DATA (it may have been delivered)', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase(recording);
    const [id] = await queue(tenantId, mailbox, caseRow);
    isHoldingAnswers = true;
    // The server takes the message and never answers; the sender's socket timeout cuts it off.
    const url = `smtp://support%40store.test:smtp-secret@127.0.0.1:${String(recording.port)}?socketTimeout=400`;
    const send = createSystemSender({ smtpUrl: url, dataDir: t.dataDir });
    expect(await worker(fast, send).runOnce()).toBe(1);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'failed', sendError: CUT_OFF_ERROR });
    expect(await outboxSize(tenantId)).toBe(0);
    expect(await worker(fast, send).runOnce()).toBe(0);
    expect(await deliveriesOf(tenantId, id ?? 0)).toBe(1);
  });

  it('signs in with XOAUTH2 and the access token of an OAuth mailbox', async () => {
    const oauth = await startRecordingSmtp({ auth: { user: 'desk@gmail.test', accessToken: 'token-1' } });
    try {
      const { tenantId } = await createStore(t.db);
      const mailbox = await createMailbox(t.db, secrets, {
        tenantId,
        address: 'desk@gmail.test',
        kind: 'imap-oauth-google',
        smtpHost: oauth.host,
        smtpPort: oauth.port,
        smtpSecure: false,
        secret: JSON.stringify({ accessToken: 'token-1' }),
      });
      const raw = Buffer.from('Message-ID: <oauth-1@gmail.test>\r\nSubject: hi\r\n\r\nhello\r\n');
      await sendThroughMailbox(secrets, {
        mailbox,
        from: mailbox.address,
        recipients: ['kari@customer.test'],
        raw,
      });
      expect(oauth.deliveries.get('<oauth-1@gmail.test>')).toBe(1);
      const expired = {
        ...mailbox,
        secretEncrypted: secrets.seal(tenantId, JSON.stringify({ accessToken: 'old' })),
      };
      await expect(
        sendThroughMailbox(secrets, {
          mailbox: expired,
          from: mailbox.address,
          recipients: ['k@c.test'],
          raw,
        }),
      ).rejects.toMatchObject({ responseCode: 535 });
    } finally {
      await oauth.stop();
    }
  });

  it('keeps the lease short by default, so a restarted server finds a dead claim within a minute', () => {
    expect(DEFAULT_OUTBOX_OPTIONS.leaseMs).toBeLessThanOrEqual(60_000);
  });
});
