/**
 * Compose calls over the 1 MB JSON body limit: an upload under the default attachment limit, and a
 * mail whose HTML is larger than it.
 */
import type { TMailLog, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { multipartFile } from '../helpers/files';
import { caseRow, composeUrl, setUpComposeSending, staff, t } from './compose-sending-setup';

setUpComposeSending();

describe('uploads under the default limit', () => {
  it('takes a file larger than the 1 MB JSON body limit', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const { payload, headers } = multipartFile(bytes, {
      filename: 'scan.pdf',
      contentType: 'application/pdf',
    });
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TUploadAttachmentResponse>()).toMatchObject({
      fileName: 'scan.pdf',
      size: bytes.byteLength,
    });
  });
});

describe('large bodies', () => {
  it('takes a mail whose HTML is larger than the 1 MB JSON body limit', async () => {
    const html = `<p>${'A long pasted text. '.repeat(100_000)}</p>`;
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'Long', html },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    expect(response.json<TMailLog>().text?.length).toBeGreaterThan(1_900_000);
  });
});
