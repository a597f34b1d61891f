/**
 * Composing through HTTP, attachments: uploads sent with their name and type, another store's or a
 * changed upload id, and the attachment limit (413).
 */
import type { TMailLog, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call } from '../helpers/api';
import { pngBytes } from '../helpers/files';
import {
  LIMIT,
  caseRow,
  composeUrl,
  other,
  otherStaff,
  setUpComposeApp,
  staff,
  store,
  stored,
  t,
  tag,
  upload,
} from './compose-setup';

setUpComposeApp();

describe('attachments', () => {
  it('uploads a file and sends it with its name and type', async () => {
    const png = pngBytes(4, 4);
    const uploaded = await upload(staff, png, '../photo of kettle.png', 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receipt = uploaded.json<TUploadAttachmentResponse>();
    expect(receipt).toMatchObject({
      fileName: 'photo of kettle.png',
      fileType: 'image/png',
      size: png.byteLength,
    });
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Photo',
        html: '<p>See the photo</p>',
        attachments: [{ uploadId: receipt.uploadId }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail.attachments).toMatchObject([
      { fileName: 'photo of kettle.png', fileType: 'image/png', size: png.byteLength },
    ]);
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.attachments).toHaveLength(1);
    expect(parsed?.attachments[0]).toMatchObject({
      filename: 'photo of kettle.png',
      contentType: 'image/png',
    });
    expect(parsed?.attachments[0]?.content.equals(png)).toBe(true);
  });

  it('refuses an upload id of another store, or a changed one', async () => {
    const receipt = (
      await upload(otherStaff, Buffer.from('theirs'), 'theirs.txt', 'text/plain')
    ).json<TUploadAttachmentResponse>();
    const send = (uploadId: string) =>
      call(t.app, staff, {
        method: 'POST',
        url: composeUrl('claim', caseRow.id),
        body: { to: ['kari@customer.test'], subject: 'x', html: '', attachments: [{ uploadId }] },
      });
    const foreign = await send(receipt.uploadId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'attachments.0.uploadId',
    );
    const [payload, signature] = receipt.uploadId.split('.');
    const forged = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(other.tenantId, store.tenantId),
    ).toString('base64url');
    expect((await send(`${forged}.${signature ?? ''}`)).statusCode).toBe(400);
    const neither = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'x', html: '', attachments: [{}] },
    });
    expect(neither.statusCode).toBe(400);
  });

  it('refuses a file over the limit, and attachments adding up to more than it (413)', async () => {
    const tooBig = await upload(staff, Buffer.alloc(LIMIT + 1, 1), 'big.bin', 'application/octet-stream');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toMatch(/larger than/);
    const half = Buffer.alloc(LIMIT / 2 + 10, 2);
    const a = (
      await upload(staff, half, 'a.bin', 'application/octet-stream')
    ).json<TUploadAttachmentResponse>();
    const b = (
      await upload(staff, Buffer.concat([half, Buffer.from('b')]), 'b.bin', 'x/y')
    ).json<TUploadAttachmentResponse>();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Too much',
        html: '',
        attachments: [{ uploadId: a.uploadId }, { uploadId: b.uploadId }],
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'attachments',
    );
    expect(
      await t.db
        .select()
        .from(mailLogs)
        .where(eq(mailLogs.subject, `Too much ${tag(caseRow)}`)),
    ).toEqual([]);
  });

  it('refuses an upload without a file part', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: { file: 'x' },
    });
    expect(response.statusCode).toBe(400);
  });
});
