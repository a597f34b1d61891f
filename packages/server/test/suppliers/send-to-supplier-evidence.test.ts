/**
 * Send to supplier through HTTP, the evidence the supplier requires: refused with each missing kind
 * named, nothing sent, marked or noted; uploaded and chosen files count as evidence.
 */
import type { TMailLog, TSupplierComposeResponse, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { multipartFile, pngBytes } from '../helpers/files';
import {
  admin,
  compose,
  customerMailWithFiles,
  newCase,
  send,
  sentColumn,
  setUpSendToSupplier,
  strict,
  supplierMailsOut,
  t,
  timeline,
} from './send-to-supplier-setup';

setUpSendToSupplier();

describe('[SEND] evidence the supplier requires', () => {
  it('refuses the send naming each missing kind; nothing is sent, marked or noted', async () => {
    const c = await newCase({
      supplierId: strict.id,
      orderReference: null,
      items: [{ productName: 'Kettle', quantity: 1 }],
    });
    await customerMailWithFiles(c.id);
    const refused = await send(c.id, { to: ['claims@strict.test'], subject: 'Claim', html: '<p>Claim</p>' });
    expect(refused.statusCode, refused.body).toBe(400);
    const answer = refused.json<{
      code: string;
      message: string;
      fieldErrors: Record<string, string>;
      fieldIssues: Record<string, { code: string }>;
    }>();
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.message).toContain('photos');
    expect(answer.message).toContain('receipt');
    expect(answer.message).toContain('serialNumber');
    expect(Object.keys(answer.fieldErrors).sort()).toEqual([
      'evidence.photos',
      'evidence.receipt',
      'evidence.serialNumber',
    ]);
    expect(answer.fieldIssues['evidence.photos']).toEqual({ code: 'required' });
    expect(await supplierMailsOut(c.id)).toHaveLength(0);
    expect(await sentColumn(c.id)).toBeNull();
    expect((await timeline(c.id)).map((e) => e.kind)).not.toContain('supplier-sent');
  });

  it('takes an uploaded image as photos and a chosen PDF as the receipt’s document', async () => {
    const c = await newCase({ supplierId: strict.id, orderReference: null });
    const mailId = await customerMailWithFiles(c.id);
    const files = (await compose(c.id)).json<TSupplierComposeResponse>().files;
    const pdf = files.find((f) => f.kind === 'document');
    const { payload, headers } = multipartFile(pngBytes(), { filename: 'new.png', contentType: 'image/png' });
    const uploaded = await call(t.app, admin, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: payload,
      headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { uploadId } = uploaded.json<TUploadAttachmentResponse>();

    const onlyPhoto = await send(c.id, {
      to: ['claims@strict.test'],
      subject: 'Claim',
      html: '<p>x</p>',
      attachments: [{ uploadId }],
    });
    expect(onlyPhoto.statusCode).toBe(400);
    expect(Object.keys(onlyPhoto.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['evidence.receipt']);

    const sent = await send(c.id, {
      to: ['claims@strict.test'],
      subject: 'Claim',
      html: '<p>x</p>',
      attachments: [{ uploadId }, { filePath: pdf?.filePath }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(
      sent
        .json<TMailLog>()
        .attachments.map((a) => a.fileName)
        .sort(),
    ).toEqual(['new.png', 'receipt.pdf']);
    expect(mailId).toBeGreaterThan(0);
  });
});
