import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { createLocalFileStorage } from '../../src/lib/file-storage';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import { DEFAULT_OUTBOX_OPTIONS, INTERRUPTED_ERROR } from '../../src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { startRecordingSmtp, type RecordingSmtp } from '../helpers/recording-smtp';
import {
  createServerDatabase,
  startServerProcess,
  type ServerDatabase,
  type ServerProcess,
} from '../helpers/server-process';

const MAILS = 150;
/** The receiver kills the server while this mail's DATA is under way (its last line arrived). */
const KILL_AT = 40;
/** The outbox lease of the server processes: renewed every third of it while a send runs. */
const LEASE_SECONDS = 15;
/** SMTP sessions a mailbox's mails share in the server (its default): each may be in DATA at the kill. */
const SESSIONS = DEFAULT_OUTBOX_OPTIONS.sessionsPerMailbox;
const ENCRYPTION_KEY = 'outbox-crash-test-key-'.repeat(2);
const SMTP_USER = 'support@crash.test';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A store whose mailbox sends through the receiver, with MAILS mails queued on one case. */
async function queueBatch(database: ServerDatabase, smtp: RecordingSmtp) {
  const { db, close } = await database.open();
  try {
    const { tenantId } = await createStore(db);
    const mailbox = await createMailbox(db, createSecretBox(ENCRYPTION_KEY), {
      tenantId,
      address: SMTP_USER,
      kind: 'imap-password',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      smtpUser: SMTP_USER,
      secret: 'smtp-secret',
      // Not fetched: only its sending is under test.
      isEnabled: false,
    });
    const caseRow = await createCase(db, tenantId, { customerEmail: 'kari@customer.test' });
    const files = createLocalFileStorage(path.join(database.dataDir, 'files'));
    for (let i = 0; i < MAILS; i += 1) {
      await forTenant(db, tenantId).transaction((tx) =>
        queueMail(tx, files, {
          tenantId,
          mailboxId: mailbox.id,
          createdBy: 'staff@crash.test',
          mailLogType: 'customer',
          caseId: caseRow.id,
          caseNumber: caseRow.caseNumber,
          from: { address: SMTP_USER },
          to: [{ address: `customer-${String(i)}@customer.test` }],
          subject: `Batch mail ${String(i)}`,
          text: 'About your claim.',
        }),
      );
    }
    return { tenantId, caseId: caseRow.id };
  } finally {
    await close();
  }
}

async function waitUntil(isDone: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a server killed with SIGKILL in the middle of 150 mails sends the rest after a restart within two minutes, none twice, at most one a session left to a person', async () => {
  const database = await createServerDatabase();
  cleanups.push(database.remove);
  let server: ServerProcess | null = null;
  let killedAt = 0;
  const smtp = await startRecordingSmtp({
    auth: { user: SMTP_USER, password: 'smtp-secret' },
    beforeAnswer: async (_messageId, count) => {
      if (count === KILL_AT && killedAt === 0) {
        killedAt = Date.now();
        await server?.kill();
        return 'never';
      }
      // A slow server, so that the kill lands in the middle of a claimed batch.
      await new Promise((r) => setTimeout(r, 50));
      return 'answer';
    },
  });
  cleanups.push(smtp.stop);
  const { tenantId, caseId } = await queueBatch(database, smtp);

  const env = {
    MAIL_WORKERS: 'true',
    // A short lease: the mail cut off during DATA is failed this long after the kill.
    OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
    ENCRYPTION_KEY,
    INBOUND_SMTP_PORT: String(await freePort()),
  };
  const first = startServerProcess(database, env);
  server = first;
  cleanups.push(first.kill);
  await waitUntil(
    () => killedAt > 0,
    60_000,
    () => `no kill; server said:\n${first.output()}`,
  );
  await first.kill();
  // The other sessions' DATA may have ended while the process was dying.
  const atKill = smtp.count();
  expect(atKill).toBeGreaterThanOrEqual(KILL_AT);
  expect(atKill).toBeLessThan(KILL_AT + SESSIONS);

  const second = startServerProcess(database, env);
  cleanups.push(second.kill);
  // Every mail goes out but those whose DATA was under way at the kill (at most one a session,
  // the one cut off at KILL_AT among them, which arrived): a mail recorded at `data` whose bytes
  // had not all left is failed for a person all the same, and never sent again.
  await waitUntil(
    () => smtp.deliveries.size >= MAILS - (SESSIONS - 1),
    120_000 - (Date.now() - killedAt),
    () =>
      `${String(smtp.deliveries.size)} of ${String(MAILS)} mails delivered; server said:\n${second.output()}`,
  );
  const allDeliveredMs = Date.now() - killedAt;
  // The claim of the mail cut off during DATA runs out at most a lease after the kill; the
  // idle worker then looks within a poll. Its outcome is recorded by then.
  const leaseMs = LEASE_SECONDS * 1000;
  const { pollMs } = DEFAULT_OUTBOX_OPTIONS;
  await new Promise((r) => setTimeout(r, Math.max(0, killedAt + leaseMs + pollMs + 5_000 - Date.now())));
  // A stop finishes and records the sends in hand, so the database can be read (PGlite: one process).
  await second.stop();

  const { db, close } = await database.open();
  try {
    const rows = await db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.direction, 'out')));
    expect(rows).toHaveLength(MAILS);
    const ambiguous = rows.filter((r) => r.sendState === 'failed');
    const sent = rows.filter((r) => r.sendState === 'sent');
    // Only the mails whose DATA was under way at the kill are left to a person, at most one a
    // session; the rest went out, each once.
    expect(ambiguous.length).toBeGreaterThanOrEqual(1);
    expect(ambiguous.length).toBeLessThanOrEqual(SESSIONS);
    expect(new Set(ambiguous.map((r) => r.sendError))).toEqual(new Set([INTERRUPTED_ERROR]));
    expect(sent).toHaveLength(MAILS - ambiguous.length);
    expect([...smtp.deliveries.values()].every((n) => n === 1)).toBe(true);
    for (const row of sent) expect(smtp.deliveries.get(row.messageId ?? '')).toBe(1);
    for (const row of ambiguous) expect(smtp.deliveries.get(row.messageId ?? '') ?? 0).toBeLessThanOrEqual(1);
    expect(smtp.deliveries.size).toBeGreaterThanOrEqual(sent.length + 1);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.tenantId, tenantId),
            inArray(
              mailOutbox.mailLogId,
              rows.map((r) => r.id),
            ),
          ),
        ),
    ).toEqual([]);
    const [caseRow] = await db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
    expect(caseRow?.sendPendingMailCount).toBe(0);
    console.log(
      `outbox crash: ${String(sent.length)} of ${String(MAILS)} mails sent ${String(allDeliveredMs)} ms after the kill; ${String(ambiguous.length)} left to a person (${String(smtp.deliveries.size - sent.length)} of them had arrived)`,
    );
    expect(allDeliveredMs).toBeLessThan(120_000);
  } finally {
    await close();
  }
}, 240_000);
