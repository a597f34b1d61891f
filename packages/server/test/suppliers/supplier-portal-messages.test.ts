/**
 * The supplier portal, messages and files (issue 24, point 5): a contact person writes messages
 * with files onto the case's supplier lane, unread for staff; empty or forged ones are refused.
 */
import type {
  TCase,
  TErrorResponse,
  TMailLog,
  TTimelineEntry,
  TUploadAttachmentResponse,
} from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { multipartFile, pngBytes } from '../helpers/files';
import { admin, heard, ids, kari, mails, portal, setUpSupplierPortal, t } from './supplier-portal-setup';

setUpSupplierPortal();

describe('[PORTAL] messages and files', () => {
  it('lands on the case’s thread as a supplier mail in from the contact, unread for staff, files included', async () => {
    const before = (await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` })).json<TCase>();
    const { payload, headers } = multipartFile(pngBytes(), { filename: 'broken-kettle.png' });
    const upload = await call(t.app, kari, {
      method: 'POST',
      url: '/v2/api/supplier-portal/uploads',
      body: payload,
      headers,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { uploadId } = upload.json<TUploadAttachmentResponse>();
    const sent = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, {
      text: 'We need a photo of the plate.',
      uploadIds: [uploadId],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mailLogId } = sent.json<{ mailLogId: number }>();
    await heard('CLAIM_MAIL_COUNT_UPDATED', ids.sentToA);

    const thread = (
      await call(t.app, admin, {
        url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs?mailLogType=supplier`,
      })
    ).json<TMailLog[]>();
    const message = thread.find((m) => m.id === mailLogId);
    expect(message).toMatchObject({
      direction: 'in',
      mailLogType: 'supplier',
      subject: 'Re: Claim 1 to Acme',
      text: 'We need a photo of the plate.',
    });
    expect(JSON.stringify(message)).toContain('kari@acme.test');
    const after = (await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` })).json<TCase>();
    expect(after.unreadMailCount).toBe(before.unreadMailCount + 1);
    const timeline = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.at(-1)).toMatchObject({ kind: 'mail-in', actor: 'kari@acme.test', mailLogId });

    const file = message?.attachments[0];
    expect(file).toMatchObject({ fileName: 'broken-kettle.png', fileType: 'image/png' });
    for (const session of [admin, kari]) {
      const download = await call(t.app, session, {
        url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${encodeURIComponent(file?.filePath ?? '')}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pngBytes())).toBe(true);
    }
    // The contact reads its own message in its lane.
    const lane = await call(t.app, kari, { url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs` });
    expect(lane.json<TMailLog[]>().map((m) => m.id)).toEqual([mails.supplierOut, mailLogId]);
  });

  it('refuses an empty message and an upload id that is not one (400 on the field)', async () => {
    const empty = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<TErrorResponse>().fieldIssues).toMatchObject({ text: { code: 'required' } });
    const forged = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, {
      text: 'With a file',
      uploadIds: ['made.up'],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<TErrorResponse>().fieldIssues).toMatchObject({ 'uploadIds.0': { code: 'invalid' } });
  });
});
