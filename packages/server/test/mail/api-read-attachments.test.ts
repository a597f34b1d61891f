/**
 * A mail's attachments through HTTP: download and preview with their type, name and safety headers,
 * hostile HTML and SVG never inline, refused attachment details, and the zip of a mail's files.
 * Mails come in through the real ingest.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import {
  PDF,
  PNG,
  attachment,
  filesId,
  ingest,
  mailWithFiles,
  otherStaff,
  plainId,
  setUpReadApp,
  staff,
  store,
  t,
} from './read-setup';

setUpReadApp();

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
