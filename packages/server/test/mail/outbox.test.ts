import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/mail-schema';
import { cases } from '../../src/db/schema';
import { createSecretBox } from '../../src/modules/mail/mail-crypto';
import { insertMailbox, type Mailbox } from '../../src/modules/mail/mailbox.repository';
import {
  DEFAULT_OUTBOX_OPTIONS,
  INTERRUPTED_ERROR,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox-worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp-send';
import { createCase, createStore } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const secrets = createSecretBox('outbox-test-key-'.repeat(3));
const fast: OutboxOptions = {
  ...DEFAULT_OUTBOX_OPTIONS,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  pollMs: 20,
  leaseMs: 60_000,
};

let t: TestApp;
let smtp: SmtpReceiver;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpReceiver({ user: 'support@store.test', password: 'smtp-secret' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseNext(0);
});

async function storeWithCase() {
  const { tenantId } = await createStore(t.db);
  const mailbox: Mailbox = await insertMailbox(t.db, secrets, {
    tenantId,
    address: 'support@store.test',
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: 'support@store.test',
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpSecure: false,
    secret: 'smtp-secret',
  });
  const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
  return { tenantId, mailbox, caseRow };
}

const worker = (options: OutboxOptions = fast) =>
  new OutboxWorker(
    { db: t.db, files: t.app.deps.files },
    (mail) => sendThroughMailbox(secrets, mail),
    options,
  );

async function queue(tenantId: string, mailbox: Mailbox, caseRow: { id: number; caseNumber: number }, n = 1) {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(
      await t.db.transaction((tx) =>
        queueMail(tx, t.app.deps.files, {
          tenantId,
          mailboxId: mailbox.id,
          createdBy: 'staff@store.test',
          mailLogType: 'customer',
          caseId: caseRow.id,
          caseNumber: caseRow.caseNumber,
          from: { name: 'Store support', address: 'support@store.test' },
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
const outboxSize = async (tenantId: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId))).length;

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

    const wrong = await insertMailbox(t.db, secrets, {
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

  it('never sends twice: a claim cut off by a crash ends failed for a person to resend, a stop finishes its sends', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [cut] = await queue(tenantId, mailbox, caseRow);
    // A process claims the job and dies before recording an outcome; its lease runs out.
    const crashed = worker({ ...fast, leaseMs: 1 });
    expect(await crashed.claim()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await worker().runOnce()).toBe(1);
    expect(await mailRow(tenantId, cut ?? 0)).toMatchObject({
      sendState: 'failed',
      sendError: INTERRUPTED_ERROR,
    });
    expect(smtp.received).toHaveLength(0);
    expect(await outboxSize(tenantId)).toBe(0);

    // Two workers at once, then stopped: each of 12 mails reaches the receiver exactly once.
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
