/**
 * Drafts through HTTP (save, replace, send, delete), and a draft going out end to end: a real
 * OutboxWorker sends through the store mailbox's SMTP to a real smtp-server receiver.
 */
import type { TMailLog, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { multipartFile } from '../helpers/files';
import {
  caseRow,
  draftsUrl,
  inboundId,
  otherStaff,
  pendingCount,
  row,
  setUpComposeSending,
  smtp,
  staff,
  t,
  timeline,
  worker,
} from './compose-sending-setup';

setUpComposeSending();

describe('drafts', () => {
  let draft: TMailLog;

  it('saves a draft: no bytes, no send job, no pending count, recipients may be empty', async () => {
    const { payload, headers } = multipartFile(Buffer.from('order 42'), {
      filename: 'order.txt',
      contentType: 'text/plain',
    });
    const receipt = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/attachments',
        body: payload,
        headers,
      })
    ).json<TUploadAttachmentResponse>();
    const before = await pendingCount();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: {
        caseId: caseRow.id,
        sendType: 'customer',
        mailLogId: inboundId,
        to: [],
        subject: 'Re: Broken kettle',
        html: '<p>Half written</p>',
        attachments: [{ uploadId: receipt.uploadId }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    draft = response.json<TMailLog>();
    expect(draft).toMatchObject({
      caseId: caseRow.id,
      direction: 'out',
      sendState: 'draft',
      subject: 'Re: Broken kettle',
      text: 'Half written',
      inReplyTo: '<q1@customer.test>',
      to: [],
    });
    expect(draft.attachments).toMatchObject([{ fileName: 'order.txt', fileType: 'text/plain', size: 8 }]);
    const stored = await row(draft.id);
    expect(stored.row.rawFileHash).toBeNull();
    expect(stored.jobs).toEqual([]);
    expect(await pendingCount()).toBe(before);
    expect((await timeline()).filter((e) => e.mailLogId === draft.id)).toEqual([]);
  });

  it('replaces the draft, keeping its own attachment by filePath', async () => {
    const response = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Broken kettle',
        html: '<p>Now complete</p>',
        attachments: [{ filePath: draft.attachments[0]?.filePath }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<TMailLog>();
    expect(updated).toMatchObject({
      id: draft.id,
      sendState: 'draft',
      text: 'Now complete',
      inReplyTo: '<q1@customer.test>',
    });
    expect(updated.attachments.map((a) => a.fileName)).toEqual(['order.txt']);
    draft = updated;
  });

  it('refuses bad addresses in a draft, another store’s case, and another workflow', async () => {
    const bad = await call(t.app, staff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: { caseId: caseRow.id, to: ['nope'], subject: '', html: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to.0');
    const foreignCase = await call(t.app, otherStaff, {
      method: 'POST',
      url: draftsUrl('claim'),
      body: { caseId: caseRow.id, subject: 'Taken over', html: '' },
    });
    expect(foreignCase.statusCode).toBe(404);
    const foreignDraft = await call(t.app, otherStaff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { subject: 'Taken over', html: '', send: true, to: ['x@other.test'] },
    });
    expect(foreignDraft.statusCode).toBe(404);
    const workflow = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('support', draft.id),
      body: { subject: 'Wrong workflow', html: '' },
    });
    expect(workflow.statusCode).toBe(404);
    const inbound = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', inboundId),
      body: { subject: 'Not a draft', html: '' },
    });
    expect(inbound.statusCode).toBe(404);
    expect((await row(draft.id)).row.subject).toBe('Re: Broken kettle');
  });

  it('sends the draft: checked like a mail, then queued with its thread and files', async () => {
    const missing = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { to: [], subject: 'Re: Broken kettle', html: '<p>Now complete</p>', send: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to');
    expect((await row(draft.id)).row.sendState).toBe('draft');

    const before = await pendingCount();
    const response = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Broken kettle',
        html: '<p>Now complete</p>',
        attachments: [{ filePath: draft.attachments[0]?.filePath }],
        send: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<TMailLog>();
    expect(sent).toMatchObject({ id: draft.id, sendState: 'pending', inReplyTo: '<q1@customer.test>' });
    expect(sent.subject).toBe(`Re: Broken kettle [#${String(caseRow.caseNumber)}]`);
    expect(sent.attachments.map((a) => a.fileName)).toEqual(['order.txt']);
    const stored = await row(draft.id);
    expect(stored.jobs).toHaveLength(1);
    expect(await pendingCount()).toBe(before + 1);
    expect((await timeline()).at(-1)).toMatchObject({ kind: 'mail-out', mailLogId: draft.id });

    expect(await worker().runOnce()).toBe(1);
    const received = smtp.received[0];
    expect(received?.to).toEqual(['kari@customer.test']);
    const parsed = await simpleParser(received?.raw ?? Buffer.alloc(0));
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.inReplyTo).toBe('<q1@customer.test>');
    expect(parsed.subject).toBe(sent.subject);
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['order.txt', 'order 42'],
    ]);
    expect((await row(draft.id)).row.sendState).toBe('sent');
    expect(await pendingCount()).toBe(before);

    const again = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', draft.id),
      body: { subject: 'Changed after sending', html: '' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('is deleted with the mail delete call (the pop-up’s delete), and is gone after', async () => {
    const saved = (
      await call(t.app, staff, {
        method: 'POST',
        url: draftsUrl('claim'),
        body: { caseId: caseRow.id, subject: 'Never mind', html: '<p>Never mind</p>' },
      })
    ).json<TMailLog>();
    const deleted = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(saved.id)}?isDelete=true`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await call(t.app, staff, {
      method: 'PUT',
      url: draftsUrl('claim', saved.id),
      body: { subject: 'Back again', html: '' },
    });
    expect(after.statusCode).toBe(404);
  });
});
