/**
 * The outbox's send stages, with a recording receiver that may answer slowly or never: the stage
 * stored before each step, what a restarted worker does with a mail whose sender died at each stage,
 * claims renewed during a long send, a connection broken after DATA, XOAUTH2 sign-in and the default
 * lease. Set-up in outbox-setup.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import {
  CUT_OFF_ERROR,
  DEFAULT_OUTBOX_OPTIONS,
  INTERRUPTED_ERROR,
} from '../../src/modules/mail/outbox/outbox.worker';
import { createSystemSender, sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { createMailbox, createStore } from '../helpers/factories';
import { startRecordingSmtp } from '../helpers/recording-smtp';
import {
  deliveriesOf,
  fast,
  mailRow,
  outboxRows,
  outboxSize,
  pendingCount,
  queue,
  recording,
  secrets,
  setUpOutboxApp,
  sleep,
  storeWithCase,
  t,
  worker,
} from './outbox-setup';

let answerDelayMs = 0;
let isHoldingAnswers = false;
setUpOutboxApp(async () => {
  if (isHoldingAnswers) return 'never';
  await sleep(answerDelayMs);
  return 'answer';
});
beforeEach(() => {
  answerDelayMs = 0;
  isHoldingAnswers = false;
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
