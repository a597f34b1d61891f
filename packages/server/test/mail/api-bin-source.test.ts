/**
 * The bin (list, restore, empty), a mail's raw source and HEIC previews, through HTTP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TCase, TEmptyBinResponse, TListUnmappedMailsResponse, TMailLog } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailAttachments, mailLogs, mailTombstones } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { declaredPixels, heicToJpeg } from '../../src/modules/mail/reading/heic-preview';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

/** A 16×16 photo encoded by libheif's heif-enc (x265), 882 bytes. */
const HEIC = readFileSync(path.join(import.meta.dirname, 'fixtures/photo.heic'));
const PARTICIPANT = 'lise@partner.test';

let t: TestApp;
let store: StoreFixture;
let staff: Session;
let otherStaff: Session;
let otherTenant: string;
let theCase: Awaited<ReturnType<typeof createCase>>;

async function ingest(tenantId: string, raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  return outcome.mailLogId;
}

const bin = (id: number, session = staff) =>
  call(t.app, session, { method: 'DELETE', url: `/v2/api/claims/mails/${String(id)}` });
const restore = (id: number, session = staff) =>
  call(t.app, session, { method: 'PUT', url: `/v2/api/claims/mails/${String(id)}/restore` });
const emptyBin = (session = staff) =>
  call(t.app, session, { method: 'DELETE', url: '/v2/api/unmapped-mails/bin' });
const listIds = async (type: string, session = staff) => {
  const response = await call(t.app, session, { url: `/v2/api/unmapped-mails?type=${type}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListUnmappedMailsResponse>().items.map((m) => m.id);
};
const unreadOf = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}` })).json<TCase>().unreadMailCount;
const source = (id: number, session = staff) =>
  call(t.app, session, { url: `/v2/api/claims/mails/${String(id)}/source` });

/** A mail with one attachment of this type and these bytes. */
function mailWithFile(messageId: string, subject: string, type: string, name: string, bytes: Buffer): Buffer {
  const boundary = 'b-bin-test';
  return Buffer.from(
    [
      'From: Kari Nordmann <kari@customer.test>',
      'To: support@store.test',
      `Subject: ${subject}`,
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'A photo of the kettle.',
      `--${boundary}`,
      `Content-Type: ${type}`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      bytes.toString('base64').replace(/.{76}/g, '$&\r\n'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  staff = await signIn(t.app, await createUser(t.db, store.tenantId));
  const other = await createStore(t.db);
  otherTenant = other.tenantId;
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId));
  theCase = await createCase(t.db, store.tenantId, {
    customerEmail: 'kari@customer.test',
    participants: [PARTICIPANT],
  });
  await createContact(t.db, store.tenantId, { email: PARTICIPANT });
});
afterAll(() => t.close());

describe('the bin', () => {
  it('lists binned unmapped mails newest first, and restore takes one back (204), once (409)', async () => {
    const older = await ingest(store.tenantId, rawMail({ messageId: '<bin-1@customer.test>' }));
    const newer = await ingest(store.tenantId, rawMail({ messageId: '<bin-2@customer.test>' }));
    expect((await bin(older)).statusCode).toBe(204);
    expect((await bin(newer)).statusCode).toBe(204);
    expect(await listIds('bin')).toEqual([newer, older]);
    expect(await listIds('inbox')).not.toContain(older);
    expect(await listIds('bin', otherStaff)).toEqual([]);

    expect((await restore(older, otherStaff)).statusCode).toBe(404);
    const restored = await restore(older);
    expect(restored.statusCode, restored.body).toBe(204);
    expect(await listIds('bin')).toEqual([newer]);
    expect(await listIds('inbox')).toContain(older);
    const again = await restore(older);
    expect(again.statusCode).toBe(409);
    expect((await restore(999_999)).statusCode).toBe(404);
    expect(
      (await call(t.app, staff, { method: 'PUT', url: '/v2/api/claims/mails/x/restore' })).statusCode,
    ).toBe(400);
    await restore(newer);
  });

  it('restores a mail on a case: unread again and found by the case’s search', async () => {
    const id = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<bin-case@customer.test>',
        subject: `[#${String(theCase.caseNumber)}] Quokkaword`,
        body: 'Quokkaword',
      }),
    );
    const search = async () =>
      (await call(t.app, staff, { url: '/v2/api/claims?type=open&workFlow=claim&search=quokkaword' }))
        .json<{ items: { id: number }[] }>()
        .items.map((r) => r.id);
    const unread = await unreadOf(theCase.id);
    expect(await search()).toEqual([theCase.id]);
    expect((await bin(id)).statusCode).toBe(204);
    expect(await unreadOf(theCase.id)).toBe(unread - 1);
    expect(await search()).toEqual([]);
    // The unmapped bin lists mails without a case only.
    expect(await listIds('bin')).not.toContain(id);
    expect((await restore(id)).statusCode).toBe(204);
    expect(await unreadOf(theCase.id)).toBe(unread);
    expect(await search()).toEqual([theCase.id]);
  });

  it('empties the store’s unmapped bin for good, leaving tombstones; case mails and other stores stay', async () => {
    const raw = rawMail({ messageId: '<purge-1@customer.test>' });
    const one = await ingest(store.tenantId, raw);
    const two = await ingest(store.tenantId, rawMail({ messageId: '<purge-2@customer.test>' }));
    const kept = await ingest(store.tenantId, rawMail({ messageId: '<kept@customer.test>' }));
    const onCase = await ingest(
      store.tenantId,
      rawMail({ messageId: '<purge-case@customer.test>', subject: `[#${String(theCase.caseNumber)}]` }),
    );
    const otherStore = await ingest(otherTenant, rawMail({ messageId: '<purge-1@customer.test>' }));
    await t.db
      .update(mailLogs)
      .set({ isDeleted: true })
      .where(and(eq(mailLogs.tenantId, otherTenant), eq(mailLogs.id, otherStore)));
    for (const id of [one, two, onCase]) expect((await bin(id)).statusCode).toBe(204);

    const response = await emptyBin();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TEmptyBinResponse>()).toEqual({ purged: 2 });
    expect(await listIds('bin')).toEqual([]);
    expect(await listIds('inbox')).toContain(kept);
    const rows = await t.db
      .select({ id: mailLogs.id })
      .from(mailLogs)
      .where(eq(mailLogs.tenantId, store.tenantId));
    expect(rows.map((r) => r.id)).not.toEqual(expect.arrayContaining([one]));
    expect(rows.map((r) => r.id)).not.toEqual(expect.arrayContaining([two]));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([onCase, kept]));
    const tombstones = await t.db
      .select({ messageId: mailTombstones.messageId })
      .from(mailTombstones)
      .where(eq(mailTombstones.tenantId, store.tenantId));
    expect(tombstones.map((r) => r.messageId)).toEqual(
      expect.arrayContaining(['<purge-1@customer.test>', '<purge-2@customer.test>']),
    );
    expect(
      (await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw })).status,
    ).toBe('tombstoned');
    const [still] = await t.db
      .select({ id: mailLogs.id })
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, otherTenant), eq(mailLogs.id, otherStore)));
    expect(still).toBeDefined();
    expect((await emptyBin()).json<TEmptyBinResponse>()).toEqual({ purged: 0 });
  });
});

describe('GET /v2/api/claims/mails/{id}/source', () => {
  it('downloads the raw message as .eml that never renders', async () => {
    const raw = rawMail({
      messageId: '<source@customer.test>',
      subject: `Re: 1/2 kettle [#${String(theCase.caseNumber)}] ø`,
    });
    const id = await ingest(store.tenantId, raw);
    const response = await source(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.rawPayload.equals(raw)).toBe(true);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Re: 1-2 kettle [#${String(theCase.caseNumber)}] _.eml"; filename*=UTF-8''Re%3A%201-2%20kettle%20%5B%23${String(theCase.caseNumber)}%5D%20%C3%B8.eml`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');

    // A one-time-code user of the case may read it; not an internal mail, nor another case's.
    const limited = await signInWithOtp(t.app, t.dataDir, PARTICIPANT);
    expect((await source(id, limited)).statusCode).toBe(200);
    await t.db
      .update(mailLogs)
      .set({ mailLogType: 'internal' })
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, id)));
    expect((await source(id, limited)).statusCode).toBe(404);
    expect((await source(id)).statusCode).toBe(200);
    const unmapped = await ingest(store.tenantId, rawMail({ messageId: '<source-2@customer.test>' }));
    expect((await source(unmapped, limited)).statusCode).toBe(404);
    expect((await source(unmapped)).statusCode).toBe(200);
  });

  it('answers 404 for a mail without a raw copy, another store’s mail or a binned one', async () => {
    const [composed] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<composed@store.test>',
        subject: 'Draft here',
        sendState: 'draft',
      })
      .returning();
    expect((await source(composed?.id ?? 0)).statusCode).toBe(404);
    const id = await ingest(store.tenantId, rawMail({ messageId: '<source-3@customer.test>' }));
    expect((await source(id, otherStaff)).statusCode).toBe(404);
    await bin(id);
    expect((await source(id)).statusCode).toBe(404);
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/abc/source' })).statusCode).toBe(400);
  });
});

describe('HEIC previews', () => {
  let mail: TMailLog;
  beforeAll(async () => {
    const id = await ingest(
      store.tenantId,
      mailWithFile('<heic@customer.test>', 'Photo', 'image/heic', 'IMG_0001.HEIC', HEIC),
    );
    mail = (await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}` })).json<TMailLog>();
  });
  const detail = () => mail.attachments[0]?.filePath ?? '';

  it('previews a HEIC attachment as a JPEG, converted once; the download stays HEIC', async () => {
    const preview = await call(t.app, staff, {
      url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=${detail()}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['content-disposition']).toBe('inline; filename="IMG_0001.jpg"');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect([...preview.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The second preview is the stored JPEG, byte for byte, not converted and stored again.
    const put = vi.spyOn(t.app.deps.files, 'put');
    const again = await call(t.app, staff, {
      url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=${detail()}`,
    });
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    const download = await call(t.app, staff, {
      url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${detail()}`,
    });
    expect(download.headers['content-type']).toBe('image/heic');
    expect(download.rawPayload.equals(HEIC)).toBe(true);
    expect(
      (
        await call(t.app, otherStaff, {
          url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=${detail()}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a HEIC over 20 MB (413) and one that is not a picture (400)', async () => {
    const id = mail.attachments[0]?.id ?? 0;
    await t.db
      .update(mailAttachments)
      .set({ size: 21 * 1024 * 1024 })
      .where(and(eq(mailAttachments.tenantId, store.tenantId), eq(mailAttachments.id, id)));
    const big = await call(t.app, staff, {
      url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=${detail()}`,
    });
    expect(big.statusCode).toBe(413);
    await t.db
      .update(mailAttachments)
      .set({ size: HEIC.length })
      .where(and(eq(mailAttachments.tenantId, store.tenantId), eq(mailAttachments.id, id)));

    const broken = await ingest(
      store.tenantId,
      mailWithFile('<heic-bad@customer.test>', 'Photo', 'image/heif', 'x.heif', Buffer.from('not a picture')),
    );
    const [row] = await t.db
      .select()
      .from(mailAttachments)
      .where(and(eq(mailAttachments.tenantId, store.tenantId), eq(mailAttachments.mailLogId, broken)));
    const response = await call(t.app, staff, {
      url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=mails/${String(broken)}/${String(row?.id)}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a small file that declares a huge picture before decoding it', async () => {
    // The 16×16 picture, coded in one 64×64 block.
    expect(declaredPixels(HEIC)).toBe(64 * 64);
    const forged = Buffer.from(HEIC);
    const at = forged.indexOf('ispe');
    forged.writeUInt32BE(60_000, at + 8);
    forged.writeUInt32BE(60_000, at + 12);
    expect(declaredPixels(forged)).toBe(3_600_000_000);
    await expect(heicToJpeg(forged)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
