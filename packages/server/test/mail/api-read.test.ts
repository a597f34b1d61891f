/**
 * The mail read calls through HTTP: a case's mails, one mail, read state, delete (hide and purge
 * with tombstone), attachments (download, preview, zip) and what one-time-code users may read.
 * Mails come in through the real ingest from raw RFC 822 text.
 */
import type { TCase, TMailLog } from '@claimdesk/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
let store: StoreFixture;
let staff: Session;
let otherStaff: Session;
let caseRow: Awaited<ReturnType<typeof createCase>>;
let foreignCase: Awaited<ReturnType<typeof createCase>>;
const PARTICIPANT = 'lise@partner.test';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HOSTILE_HTML = '<html><body><script>alert(document.cookie)</script>Pay here</body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const PNG = pngBytes(3, 3);

const b64 = (bytes: Buffer | string) =>
  (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)).toString('base64').replace(/.{76}/g, '$&\r\n');

/** A multipart mail with files: [content type, disposition with file name, bytes, extra headers]. */
function mailWithFiles(
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

async function ingest(tenantId: string, raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ ...deps, db: forTenant(t.db, tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(`not stored: ${outcome.status}`);
  return outcome.mailLogId;
}

const tag = (c: { caseNumber: number }) => `[#${String(c.caseNumber)}]`;
const mailsOf = (session: Session, caseId: number, query = '') =>
  call(t.app, session, { url: `/v2/api/claims/mails/${String(caseId)}/mail-logs${query}` });
const unreadOf = async (caseId: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseId)}` })).json<TCase>().unreadMailCount;

let plainId: number;
let filesId: number;
let internalId: number;
let mail: TMailLog;
const attachment = (name: string) => {
  const found = mail.attachments.find((a) => a.fileName === name);
  if (!found) throw new Error(`no attachment ${name}`);
  return found;
};

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

describe('GET /v2/api/claims/mails/{id}/mail-logs', () => {
  it('lists the case’s mails oldest first, and filters by mailLogType', async () => {
    const all = await mailsOf(staff, caseRow.id, `?storeCode=${store.tenantId}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId, internalId]);
    expect(all.json<TMailLog[]>()[0]).toMatchObject({
      caseId: caseRow.id,
      caseNumber: caseRow.caseNumber,
      workFlow: 'claim',
      direction: 'in',
      from: { address: 'kari@customer.test' },
      isRead: false,
    });
    const internal = await mailsOf(staff, caseRow.id, '?mailLogType=internal');
    expect(internal.json<TMailLog[]>().map((m) => m.id)).toEqual([internalId]);
    const customer = await mailsOf(staff, caseRow.id, '?mailLogType=customer&storeCode=');
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId]);
    const anyType = await mailsOf(staff, caseRow.id, '?mailLogType=');
    expect(anyType.json<TMailLog[]>()).toHaveLength(3);
  });

  it('refuses another store’s storeCode (403), bad parameters (400) and another store’s case (404)', async () => {
    expect((await mailsOf(staff, caseRow.id, '?storeCode=someone-else')).statusCode).toBe(403);
    const badType = await mailsOf(staff, caseRow.id, '?mailLogType=spam');
    expect(badType.statusCode).toBe(400);
    expect(badType.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('mailLogType');
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/abc/mail-logs' })).statusCode).toBe(400);
    expect((await mailsOf(staff, 99_999_999_999)).statusCode).toBe(400);
    expect((await mailsOf(staff, foreignCase.id)).statusCode).toBe(404);
    expect((await mailsOf(otherStaff, caseRow.id)).statusCode).toBe(404);
  });
});

describe('GET /v2/api/claims/mails/{id} and mark-read-status', () => {
  it('answers one mail without marking it read', async () => {
    const first = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(plainId)}` });
    expect(first.statusCode).toBe(200);
    expect(first.json<TMailLog>()).toMatchObject({
      id: plainId,
      subject: `Re: ${tag(caseRow)}`,
      isRead: false,
    });
    const again = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(plainId)}` });
    expect(again.json<TMailLog>().isRead).toBe(false);
    expect(
      (await call(t.app, otherStaff, { url: `/v2/api/claims/mails/${String(plainId)}` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/0' })).statusCode).toBe(400);
  });

  it('moves the case’s unread count once per real change and answers the mail', async () => {
    const before = await unreadOf(caseRow.id);
    expect(before).toBe(2);
    const mark = (isRead: string, session = staff) =>
      call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/claims/mails/${String(plainId)}/mark-read-status${isRead}`,
      });
    const read = await mark('?isRead=true');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TMailLog>()).toMatchObject({ id: plainId, isRead: true });
    expect((await mark('?isRead=true')).statusCode).toBe(200);
    expect(await unreadOf(caseRow.id)).toBe(1);
    expect((await mark('?isRead=false')).json<TMailLog>().isRead).toBe(false);
    expect(await unreadOf(caseRow.id)).toBe(2);
    expect((await mark('')).json<TMailLog>().isRead).toBe(true);
    expect(await unreadOf(caseRow.id)).toBe(1);
    const bad = await mark('?isRead=perhaps');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('isRead');
    expect((await mark('?isRead=false', otherStaff)).statusCode).toBe(404);
    expect(await unreadOf(caseRow.id)).toBe(1);
  });
});

describe('attachments', () => {
  const get = (path: string, detail: string, session = staff) =>
    call(t.app, session, {
      url: `/v2/api/claims/mails/${path}?attachmentDetail=${encodeURIComponent(detail)}`,
    });

  it('downloads the stored bytes with their type, nosniff and an attachment disposition', async () => {
    const pdf = attachment('report.pdf');
    expect(pdf).toMatchObject({
      fileType: 'application/pdf',
      filePath: `mails/${String(filesId)}/${String(pdf.id)}`,
    });
    const response = await get('mail-attachment', pdf.filePath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report.pdf"');
    expect(response.rawPayload.equals(PDF)).toBe(true);
    const preview = await get('preview/attachment', pdf.filePath);
    expect(preview.headers['content-disposition']).toBe('inline; filename="report.pdf"');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    // Chromium blocks its PDF viewer under a sandbox: an inline PDF keeps the app's strict policy.
    expect(preview.headers['content-security-policy']).not.toContain('sandbox');
    expect(preview.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(preview.rawPayload.equals(PDF)).toBe(true);
  });

  it('names a non-ASCII file with RFC 5987 filename*', async () => {
    const response = await get('mail-attachment', attachment('évier ñ.txt').filePath);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_vier _.txt"; filename*=UTF-8''%C3%A9vier%20%C3%B1.txt`,
    );
    expect(response.body).toBe('Vask');
  });

  it('never shows a hostile HTML or SVG attachment inline; images and text do show', async () => {
    for (const name of ['evil.html', 'logo.svg']) {
      const preview = await get('preview/attachment', attachment(name).filePath);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-disposition']).toMatch(/^attachment; /);
      expect(preview.headers['x-content-type-options']).toBe('nosniff');
      expect(preview.headers['content-security-policy']).toContain('sandbox');
    }
    expect((await get('preview/attachment', attachment('evil.html').filePath)).headers['content-type']).toBe(
      'text/html',
    );
    const png = await get('preview/attachment', attachment('sig.png').filePath);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-security-policy']).toBe('sandbox');
    expect(png.headers['content-disposition']).toBe('inline; filename="sig.png"');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const text = await get('preview/attachment', attachment('évier ñ.txt').filePath);
    expect(text.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('refuses a bad attachmentDetail (400), an unknown one and another store’s (404)', async () => {
    for (const bad of ['../../etc/passwd', 'mails/1', 'mails/a/b', '']) {
      const response = await get('mail-attachment', bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
        'attachmentDetail',
      );
    }
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/mail-attachment' })).statusCode).toBe(400);
    const pdf = attachment('report.pdf');
    expect((await get('mail-attachment', `mails/${String(plainId)}/${String(pdf.id)}`)).statusCode).toBe(404);
    expect((await get('mail-attachment', 'mails/999999/1')).statusCode).toBe(404);
    expect((await get('mail-attachment', pdf.filePath, otherStaff)).statusCode).toBe(404);
    expect((await get('preview/attachment', pdf.filePath, otherStaff)).statusCode).toBe(404);
  });

  it('zips the mail’s files under unique names, leaving the inline image out', async () => {
    for (const url of [
      `/v2/api/claims/mails/zip/${String(filesId)}/attachments`,
      `/v2/api/unmapped-mails/zip/${String(filesId)}/attachments`,
    ]) {
      const response = await call(t.app, staff, { url });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="mail-${String(filesId)}-attachments.zip"`,
      );
      const entries = unzipSync(new Uint8Array(response.rawPayload));
      expect(Object.keys(entries).sort()).toEqual(
        ['evil.html', 'logo.svg', 'report (2).pdf', 'report.pdf', 'évier ñ.txt'].sort(),
      );
      expect(Buffer.from(entries['report.pdf'] ?? []).equals(PDF)).toBe(true);
      expect(strFromU8(entries['report (2).pdf'] ?? new Uint8Array())).toBe(`${PDF.toString()}2`);
      expect(strFromU8(entries['évier ñ.txt'] ?? new Uint8Array())).toBe('Vask');
    }
  });

  it('zips inline images when they are all a mail has; 404 without files or for another store', async () => {
    const onlyInline = await ingest(
      store.tenantId,
      mailWithFiles('<inline-only@customer.test>', 'Signature only', [
        ['image/png', 'inline; filename="sig.png"', PNG, 'Content-ID: <sig2@customer.test>'],
      ]),
    );
    const response = await call(t.app, staff, {
      url: `/v2/api/claims/mails/zip/${String(onlyInline)}/attachments`,
    });
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual(['sig.png']);
    expect(
      (await call(t.app, staff, { url: `/v2/api/claims/mails/zip/${String(plainId)}/attachments` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, otherStaff, { url: `/v2/api/claims/mails/zip/${String(filesId)}/attachments` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, otherStaff, { url: `/v2/api/unmapped-mails/zip/${String(filesId)}/attachments` }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/zip/x/attachments' })).statusCode).toBe(
      400,
    );
  });
});

describe('one-time-code users', () => {
  let limited: Session;
  beforeAll(async () => {
    limited = await signInWithOtp(t.app, t.dataDir, PARTICIPANT);
  });

  it('read the mails of the cases they take part in, without staff’s internal mails', async () => {
    const response = await mailsOf(limited, caseRow.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId]);
    expect((await call(t.app, limited, { url: `/v2/api/claims/mails/${String(filesId)}` })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, limited, { url: `/v2/api/claims/mails/${String(internalId)}` })).statusCode,
    ).toBe(404);
    const pdf = await call(t.app, limited, {
      url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${attachment('report.pdf').filePath}`,
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('see nothing of other cases and change nothing', async () => {
    const notTheirs = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    const id = await ingest(
      store.tenantId,
      rawMail({ messageId: '<nt@customer.test>', subject: tag(notTheirs) }),
    );
    expect((await mailsOf(limited, notTheirs.id)).statusCode).toBe(404);
    expect((await call(t.app, limited, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
    expect(
      (await call(t.app, limited, { url: `/v2/api/claims/mails/zip/${String(id)}/attachments` })).statusCode,
    ).toBe(404);
    const refused = [
      {
        method: 'PUT' as const,
        url: `/v2/api/claims/mails/${String(plainId)}/mark-read-status?isRead=false`,
      },
      { method: 'DELETE' as const, url: `/v2/api/claims/mails/${String(plainId)}` },
      { method: 'GET' as const, url: '/v2/api/unmapped-mails?type=inbox' },
      { method: 'GET' as const, url: '/v2/api/reports/mail-count' },
    ];
    for (const request of refused)
      expect((await call(t.app, limited, request)).statusCode, request.url).toBe(403);
  });
});

describe('DELETE /v2/api/claims/mails/{id}', () => {
  it('hides a mail by default: gone from the case and lists, no longer unread', async () => {
    const id = await ingest(
      store.tenantId,
      rawMail({ messageId: '<hide@customer.test>', subject: tag(caseRow) }),
    );
    const unread = await unreadOf(caseRow.id);
    expect(
      (await call(t.app, otherStaff, { method: 'DELETE', url: `/v2/api/claims/mails/${String(id)}` }))
        .statusCode,
    ).toBe(404);
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(id)}`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await mailsOf(staff, caseRow.id)).json<TMailLog[]>().map((m) => m.id)).not.toContain(id);
    expect((await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, staff, {
          method: 'DELETE',
          url: `/v2/api/claims/mails/${String(id)}?isDelete=maybe`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('removes a mail for good with isDelete=true; fetching it again leaves it out', async () => {
    const raw = rawMail({ messageId: '<purge@customer.test>', subject: tag(caseRow) });
    const id = await ingest(store.tenantId, raw);
    const unread = await unreadOf(caseRow.id);
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(id)}?isDelete=true`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await ingestMail({ ...deps, db: forTenant(t.db, store.tenantId) }, { raw })).status).toBe(
      'tombstoned',
    );
    expect((await mailsOf(staff, caseRow.id)).json<TMailLog[]>().map((m) => m.messageId)).not.toContain(
      '<purge@customer.test>',
    );
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
  });

  it('refuses to delete a mail waiting in the outbox (409)', async () => {
    const [queued] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        caseId: caseRow.id,
        direction: 'out',
        messageId: '<queued@store.test>',
        subject: 'On its way',
        sendState: 'pending',
      })
      .returning();
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(queued?.id ?? 0)}?isDelete=true`,
    });
    expect(response.statusCode).toBe(409);
    expect(
      (await call(t.app, staff, { url: `/v2/api/claims/mails/${String(queued?.id ?? 0)}` })).statusCode,
    ).toBe(200);
  });
});
