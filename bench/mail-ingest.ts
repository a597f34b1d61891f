// Issue 5's figures: 5,000 varied mails appended to a Dovecot mailbox, taken in by the mailbox's
// fetch job into PostgreSQL with threading; printed as mails per second. Then the time from a
// mail's arrival in the mailbox to its case's unread count changing, through IMAP IDLE.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client';
import { cases, companies, mailLogs, stores } from '../packages/server/src/db/schema';
import { forTenant } from '../packages/server/src/db/tenant-db';
import { createLocalFileStorage } from '../packages/server/src/lib/file-storage';
import { MailboxJob } from '../packages/server/src/modules/mail/intake/mailbox-job.worker';
import { createSecretBox } from '../packages/server/src/modules/mail/common/mail-crypto';
import { insertMailbox } from '../packages/server/src/modules/mail/accounts/mailbox.repository';
import { ownMessageId } from '../packages/server/src/modules/mail/common/message-id';
import { insertCase } from '../packages/server/src/modules/cases/cases.repository';
import { startDovecot } from '../packages/server/test/helpers/mail-servers';
import { benchMail, type BenchCase } from './lib/mail-generator';

const MAILS = Number(process.env.BENCH_MAILS ?? 5000);
const CASES = 500;
const IDLE_SAMPLES = 5;
const TENANT = 'bench-mail';
const USER = 'support@bench.test';
// Not claimdesk_bench_mail: mail-inbox.ts keeps its million mails there, and this one starts afresh.
const DB_NAME = 'claimdesk_bench_ingest';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('\nmail ingest benchmark: skipped (set DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(serverUrl as string);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-mail-'));
  const dovecot = await startDovecot({ [USER]: 'bench-pass' });
  const database = await openDatabase({ url: await freshDatabase(), dataDir, poolSize: 10 });
  const { db } = database;
  try {
    const [company] = await db.insert(companies).values({ name: 'Bench Mail' }).returning();
    if (!company) throw new Error('no company');
    await db
      .insert(stores)
      .values({ tenantId: TENANT, companyId: company.id, displayName: 'Bench Mail Store' });
    const benchCases: BenchCase[] = [];
    await forTenant(db, TENANT).transaction(async (tx) => {
      for (let i = 0; i < CASES; i += 1) {
        const email = `kunde${String(i)}@customer.example`;
        const row = await insertCase(tx, {
          workFlow: 'claim',
          status: 'new',
          customerName: `Kunde ${String(i)}`,
          customerEmail: email,
          createdBy: 'bench',
        });
        const messageId = ownMessageId(row.caseNumber, 'bench.test');
        await tx.insert(mailLogs).values({
          tenantId: TENANT,
          caseId: row.id,
          direction: 'out',
          messageId,
          fromAddress: USER,
          subject: 'Reklamasjon',
          sendState: 'sent',
          isRead: true,
        });
        benchCases.push({ caseNumber: row.caseNumber, customerEmail: email, ownMessageId: messageId });
      }
    });
    const secrets = createSecretBox('bench-key-bench-key-bench-key-bench-key');
    const mailbox = await insertMailbox(forTenant(db, TENANT), secrets, {
      address: USER,
      kind: 'imap-password',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: USER,
      secret: 'bench-pass',
    });

    const raws = Array.from({ length: MAILS }, (_, n) => benchMail(n, benchCases));
    const appendStart = Date.now();
    await dovecot.append(USER, raws);
    console.log(
      `\nmail ingest: ${String(MAILS)} mails appended to Dovecot in ${String(Date.now() - appendStart)} ms`,
    );

    const deps = { db, files: createLocalFileStorage(path.join(dataDir, 'files')), secrets };
    const countMails = async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailLogs)
        .where(and(eq(mailLogs.tenantId, TENANT), eq(mailLogs.direction, 'in')));
      return row?.n ?? 0;
    };
    const start = performance.now();
    const job = new MailboxJob(deps, TENANT, mailbox.id, {
      pollMs: 60_000,
      initialBackoffMs: 1000,
      maxBackoffMs: 5000,
      onError: (error) => console.error(error),
    });
    job.start();
    await waitFor(async () => (await countMails()) >= MAILS, 10 * 60_000);
    const seconds = (performance.now() - start) / 1000;
    const [threaded] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailLogs)
      .where(
        and(eq(mailLogs.tenantId, TENANT), eq(mailLogs.direction, 'in'), sql`${mailLogs.caseId} IS NOT NULL`),
      );
    console.log(
      `mail ingest: ${String(MAILS)} mails in ${seconds.toFixed(1)} s = ${(MAILS / seconds).toFixed(0)} mails/s ` +
        `(fetch, parse, store, thread; ${String(threaded?.n ?? 0)} threaded onto cases; target ≥ 300)`,
    );

    // Arrival to count: one reply at a time, while the job waits in IDLE.
    const target = benchCases[0];
    if (!target) throw new Error('no case');
    const unread = async () => {
      const [row] = await db
        .select({ n: cases.unreadMailCount })
        .from(cases)
        .where(and(eq(cases.tenantId, TENANT), eq(cases.caseNumber, target.caseNumber)));
      return row?.n ?? 0;
    };
    const samples: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i += 1) {
      await new Promise((r) => setTimeout(r, 1500)); // let the job settle into IDLE
      const before = await unread();
      const raw = benchMail(CASES * 8 * 10 + i * 8, [target]); // kind 0: a reply by In-Reply-To
      const sent = performance.now();
      await dovecot.append(USER, [raw]);
      await waitFor(async () => (await unread()) > before, 30_000);
      samples.push(performance.now() - sent);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `mail arrival to count (IDLE): median ${(samples[Math.floor(samples.length / 2)] ?? 0).toFixed(0)} ms, ` +
        `max ${(samples.at(-1) ?? 0).toFixed(0)} ms over ${String(IDLE_SAMPLES)} mails (target < 2000 ms)`,
    );
    await job.stop();
  } finally {
    await database.close();
    await dovecot.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
