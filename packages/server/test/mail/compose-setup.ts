/**
 * The set-up the api-compose-*.test.ts files share: one app with a small attachment limit, a store
 * with a mailbox (no real servers: composing only queues), a second store without one, cases, and
 * mails that came in through the real ingest (one to answer, an auto-reply, one with a file).
 * Each file calls setUpComposeApp() for its own app.
 */
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { multipartFile } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

/** Small on purpose: the 413s are reached with a few kB. */
export const LIMIT = 20_000;

export let t: TestApp;
export let store: StoreFixture;
export let staff: Session;
export let other: StoreFixture;
export let otherStaff: Session;
export let caseRow: Awaited<ReturnType<typeof createCase>>;
export let supportCase: Awaited<ReturnType<typeof createCase>>;
export let otherCase: Awaited<ReturnType<typeof createCase>>;
export let inboundId: number;
export let inboundMessageId: string;
export let autoReplyId: number;
export let attachedId: number;

export const tag = (c: { caseNumber: number }) => `[#${String(c.caseNumber)}]`;
export const composeUrl = (workFlow: string, id: number, query = '') =>
  `/v2/api/claims/mails/${workFlow}/mail-compose/${String(id)}${query}`;

export async function ingest(tenantId: string, raw: Buffer): Promise<{ id: number; messageId: string }> {
  const outcome = await ingestMail({ db: forTenant(t.db, tenantId), files: t.app.deps.files }, { raw });
  if (outcome.status !== 'stored') throw new Error(`not stored: ${outcome.status}`);
  return { id: outcome.mailLogId, messageId: outcome.messageId };
}

/** The stored mail row, its outbox job and its parsed MIME (read back from file storage). */
export async function stored(tenantId: string, id: number) {
  const [row] = await t.db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)));
  const jobs = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.mailLogId, id)));
  const raw = row?.rawFileHash ? await t.app.deps.files.get(row.rawFileHash) : null;
  return { row, jobs, parsed: raw ? await simpleParser(raw) : null };
}

export const headerText = (parsed: ParsedMail | null, name: string): string => {
  const value = parsed?.headers.get(name);
  return typeof value === 'string' ? value : '';
};

export async function upload(session: Session, bytes: Buffer, filename: string, contentType: string) {
  const { payload, headers } = multipartFile(bytes, { filename, contentType });
  return call(t.app, session, {
    method: 'POST',
    url: '/v2/api/claims/mails/attachments',
    body: payload,
    headers,
  });
}

export const pendingCount = async (tenantId: string, id: number) =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, id)))
  )[0]?.n;

/** Registers the file's beforeAll (app, stores, users, cases, the ingested mails) and afterAll. */
export function setUpComposeApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ MAIL_MAX_ATTACHMENT_BYTES: String(LIMIT) });
    store = await createStore(t.db);
    other = await createStore(t.db);
    staff = await signIn(t.app, await createUser(t.db, store.tenantId));
    otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    await createMailbox(t.db, t.app.deps.secrets, {
      tenantId: store.tenantId,
      address: 'support@store.test',
      kind: 'imap-password',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapUser: 'support@store.test',
      smtpHost: '127.0.0.1',
      smtpPort: 1,
      smtpSecure: false,
      secret: 'secret',
    });
    caseRow = await createCase(t.db, store.tenantId, {
      customerEmail: 'kari@customer.test',
      customerName: 'Kari',
    });
    supportCase = await createCase(t.db, store.tenantId, {
      workFlow: 'support',
      customerEmail: 'ola@customer.test',
    });
    otherCase = await createCase(t.db, other.tenantId, { customerEmail: 'kari@customer.test' });
    ({ id: inboundId, messageId: inboundMessageId } = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<q1@customer.test>',
        subject: `Broken kettle ${tag(caseRow)}`,
        body: 'The kettle stopped working.\nIt smells of smoke.',
        headers: ['References: <q0@customer.test>', 'In-Reply-To: <q0@customer.test>'],
      }),
    ));
    ({ id: autoReplyId } = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<auto1@customer.test>',
        subject: `Out of office ${tag(caseRow)}`,
        headers: ['Auto-Submitted: auto-replied'],
      }),
    ));
    const boundary = 'b-compose-test';
    ({ id: attachedId } = await ingest(
      store.tenantId,
      Buffer.from(
        [
          'From: Kari Nordmann <kari@customer.test>',
          'To: support@store.test',
          `Subject: Receipt ${tag(caseRow)}`,
          'Date: Tue, 01 Apr 2025 10:05:00 +0200',
          'Message-ID: <files1@customer.test>',
          'MIME-Version: 1.0',
          `Content-Type: multipart/mixed; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'The receipt is attached.',
          `--${boundary}`,
          'Content-Type: application/pdf',
          'Content-Disposition: attachment; filename="receipt.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 receipt').toString('base64'),
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      ),
    ));
  });
  afterAll(() => t.close());
}
