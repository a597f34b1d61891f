/**
 * Several server processes behind one address, on one PostgreSQL database (issue 26 point 8):
 * two real servers (src/main.ts), both running the mail workers. A token issued by one is
 * accepted by the other (they share JWT_SECRET); the store's mailbox is fetched by exactly one
 * of them (its advisory lock has one holder) and every mail appended to it is taken in once;
 * the outbox sends each queued mail once between them. PostgreSQL only: a PGlite database is
 * open in one process at a time, so on PGlite it is reported as skipped.
 */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { createLocalFileStorage } from '../../src/lib/file-storage';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { CLIENT_AUTH } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser } from '../helpers/factories';
import { freePort, startDovecot } from '../helpers/mail-servers';
import { startRecordingSmtp } from '../helpers/recording-smtp';
import { createServerDatabase, startServerProcess, portOf } from '../helpers/server-process';
import { rawMail } from '../mail/mail-store';

const JWT_SECRET = 'several-processes-test-secret-'.repeat(2);
const ENCRYPTION_KEY = 'several-processes-test-key-'.repeat(2);
const BOX = 'support@several.test';
const OUTGOING = 20;
const INCOMING = 12;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it.runIf(process.env.DATABASE_URL)(
  'two processes share the sign-ins, fetch the mailbox once and send each mail once',
  async () => {
    const dovecot = await startDovecot({ [BOX]: 'box-pass' });
    cleanups.push(dovecot.stop);
    const smtp = await startRecordingSmtp({ auth: { user: BOX, password: 'box-pass' } });
    cleanups.push(smtp.stop);
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const { db, close } = await database.open();
    cleanups.push(close);
    const { tenantId } = await createStore(db);
    const user = await createUser(db, tenantId);
    const mailbox = await createMailbox(db, createSecretBox(ENCRYPTION_KEY), {
      tenantId,
      address: BOX,
      kind: 'imap-password',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: BOX,
      imapFolder: 'INBOX',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      smtpUser: BOX,
      secret: 'box-pass',
    });
    const caseRow = await createCase(db, tenantId, { customerEmail: 'kari@customer.test' });
    const files = createLocalFileStorage(path.join(database.dataDir, 'files'));
    for (let i = 0; i < OUTGOING; i += 1)
      await forTenant(db, tenantId).transaction((tx) =>
        queueMail(tx, files, {
          tenantId,
          mailboxId: mailbox.id,
          createdBy: user.username,
          mailLogType: 'customer',
          caseId: caseRow.id,
          caseNumber: caseRow.caseNumber,
          from: { address: BOX },
          to: [{ address: `customer-${String(i)}@customer.test` }],
          subject: `Between processes ${String(i)}`,
          text: 'About your claim.',
        }),
      );

    const env = { JWT_SECRET, ENCRYPTION_KEY, MAIL_WORKERS: 'true' };
    const a = startServerProcess(database, { ...env, INBOUND_SMTP_PORT: String(await freePort()) });
    cleanups.push(a.stop);
    const b = startServerProcess(database, { ...env, INBOUND_SMTP_PORT: String(await freePort()) });
    cleanups.push(b.stop);
    const [portA, portB] = await Promise.all([portOf(a), portOf(b)]);

    // A token issued by A is accepted by B.
    const token = await fetch(`http://127.0.0.1:${String(portA)}/v2/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: CLIENT_AUTH,
        'x-tenant-id': tenantId,
      },
      body: new URLSearchParams({ grant_type: 'password', username: user.username, password: user.password }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const onB = await fetch(`http://127.0.0.1:${String(portB)}/v2/api/users/user-preference`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-tenant-id': tenantId },
    });
    expect(onB.status).toBe(200);

    // The outbox: every queued mail reaches the receiver once, whichever process sent it.
    await smtp.waitFor(OUTGOING, 60_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.count()).toBe(OUTGOING);
    expect([...smtp.deliveries.values()].every((times) => times === 1)).toBe(true);
    expect(smtp.deliveries.size).toBe(OUTGOING);

    // The mailbox: mails appended to it are taken in once, by the one process holding its lock.
    await dovecot.append(
      BOX,
      Array.from({ length: INCOMING }, (_, i) =>
        rawMail({ messageId: `<several-${String(i)}@customer.test>`, subject: `Incoming ${String(i)}` }),
      ),
    );
    const inbound = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailLogs)
          .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.direction, 'in')))
      )[0]?.n ?? 0;
    await waitUntil(async () => (await inbound()) >= INCOMING, 60_000, 'the appended mails taken in');
    await new Promise((r) => setTimeout(r, 2000));
    expect(await inbound()).toBe(INCOMING);
    const holders = await db.execute(sql`
      SELECT l.pid FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.objid = ${mailbox.id}
        AND l.classid::bigint = (hashtext(${`claimdesk-mailbox:${tenantId}`})::bigint + 4294967296) % 4294967296`);
    expect((holders as { rows: unknown[] }).rows).toHaveLength(1);
    // Both processes are up and working: neither stopped for the other.
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  },
  180_000,
);
