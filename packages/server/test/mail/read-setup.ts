/**
 * The set-up the api-read-*.test.ts files share: a store with a case (and a participant who signs in
 * with a one-time code), another store, and mails that came in through the real ingest from raw
 * RFC 822 text: a plain one, one with files (PDFs under one name, a non-ASCII name, hostile HTML and
 * SVG, an inline image) and a staff-only internal mail. Each file calls setUpReadApp() for its own app.
 */
import type { TCase, TMailLog } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

export let t: TestApp;
export let deps: Omit<IngestDeps, 'db'>;
export let store: StoreFixture;
export let staff: Session;
export let otherStaff: Session;
export let caseRow: Awaited<ReturnType<typeof createCase>>;
export let foreignCase: Awaited<ReturnType<typeof createCase>>;
export const PARTICIPANT = 'lise@partner.test';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HOSTILE_HTML = '<html><body><script>alert(document.cookie)</script>Pay here</body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
export const PNG = pngBytes(3, 3);

const b64 = (bytes: Buffer | string) =>
  (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)).toString('base64').replace(/.{76}/g, '$&\r\n');

/** A multipart mail with files: [content type, disposition with file name, bytes, extra headers]. */
export function mailWithFiles(
  messageId: string,
  subject: string,
  files: [type: string, disposition: string, bytes: Buffer | string, extra?: string][],
): Buffer {
  const boundary = 'b-claimdesk-test';
  const parts = files.map(([type, disposition, bytes, extra]) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}`,
      `Content-Disposition: ${disposition}`,
      'Content-Transfer-Encoding: base64',
      ...(extra ? [extra] : []),
      '',
      b64(bytes),
    ].join('\r\n'),
  );
  return Buffer.from(
    [
      'From: Kari Nordmann <kari@customer.test>',
      'To: support@store.test',
      `Subject: ${subject}`,
      'Date: Tue, 01 Apr 2025 10:05:00 +0200',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Photos and the receipt attached.',
      ...parts,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

export async function ingest(tenantId: string, raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ ...deps, db: forTenant(t.db, tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(`not stored: ${outcome.status}`);
  return outcome.mailLogId;
}

export const tag = (c: { caseNumber: number }) => `[#${String(c.caseNumber)}]`;
export const mailsOf = (session: Session, caseId: number, query = '') =>
  call(t.app, session, { url: `/v2/api/claims/mails/${String(caseId)}/mail-logs${query}` });
export const unreadOf = async (caseId: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseId)}` })).json<TCase>().unreadMailCount;

export let plainId: number;
export let filesId: number;
export let internalId: number;
export let mail: TMailLog;
export const attachment = (name: string) => {
  const found = mail.attachments.find((a) => a.fileName === name);
  if (!found) throw new Error(`no attachment ${name}`);
  return found;
};

/** Registers the file's beforeAll (app, stores, users, the case, the ingested mails) and afterAll. */
export function setUpReadApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    deps = { files: t.app.deps.files };
    store = await createStore(t.db);
    const other = await createStore(t.db);
    staff = await signIn(t.app, await createUser(t.db, store.tenantId));
    otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    caseRow = await createCase(t.db, store.tenantId, {
      customerEmail: 'kari@customer.test',
      participants: [PARTICIPANT],
    });
    foreignCase = await createCase(t.db, other.tenantId, { customerEmail: 'kari@customer.test' });
    await createContact(t.db, store.tenantId, { email: PARTICIPANT });

    plainId = await ingest(
      store.tenantId,
      rawMail({ messageId: '<plain@customer.test>', subject: `Re: ${tag(caseRow)}` }),
    );
    filesId = await ingest(
      store.tenantId,
      mailWithFiles('<files@customer.test>', `Receipt ${tag(caseRow)}`, [
        ['application/pdf', 'attachment; filename="report.pdf"', PDF],
        ['application/pdf', 'attachment; filename="report.pdf"', Buffer.concat([PDF, Buffer.from('2')])],
        ['text/plain; charset=utf-8', "attachment; filename*=UTF-8''%C3%A9vier%20%C3%B1.txt", 'Vask'],
        ['text/html', 'attachment; filename="evil.html"', HOSTILE_HTML],
        ['image/svg+xml', 'attachment; filename="logo.svg"', SVG],
        ['image/png', 'inline; filename="sig.png"', PNG, 'Content-ID: <sig@customer.test>'],
      ]),
    );
    const [internal] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        caseId: caseRow.id,
        direction: 'out',
        mailLogType: 'internal',
        messageId: '<internal@store.test>',
        subject: 'Between us: refund?',
        text: 'Staff only',
        sendState: 'sent',
        isRead: true,
      })
      .returning();
    internalId = internal?.id ?? 0;
    await ingest(
      other.tenantId,
      rawMail({ messageId: '<b@customer.test>', subject: `Re: ${tag(foreignCase)}` }),
    );
    const response = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(filesId)}` });
    expect(response.statusCode, response.body).toBe(200);
    mail = response.json<TMailLog>();
  });
  afterAll(() => t.close());
}
