/**
 * Resend through HTTP: a failed mail queued again with the same bytes and Message-ID, a mail that
 * may have been delivered resent only when confirmed, a sent mail sent once more, and what cannot
 * be resent. A real OutboxWorker sends to a real smtp-server receiver.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { CUT_OFF_ERROR } from '../../src/modules/mail/outbox/outbox-outcome.service';
import { call } from '../helpers/api';
import {
  caseRow,
  composeUrl,
  draftsUrl,
  fast,
  inboundId,
  otherStaff,
  pendingCount,
  resend,
  row,
  setUpComposeSending,
  smtp,
  staff,
  store,
  t,
  timeline,
  worker,
} from './compose-sending-setup';

setUpComposeSending();

describe('resend', () => {
  async function queue(subject: string): Promise<TMailLog> {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { to: ['kari@customer.test'], subject, html: `<p>${subject}</p>` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TMailLog>();
  }

  it('queues a failed mail again with the same bytes and Message-ID', async () => {
    const mail = await queue('Will fail first');
    smtp.refuseNext(1);
    expect(await worker({ ...fast, maxAttempts: 1 }).runOnce()).toBe(1);
    const failed = await row(mail.id);
    expect(failed.row).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(failed.row.sendError).toMatch(/451/);
    expect(failed.jobs).toEqual([]);
    const before = await pendingCount();

    const response = await resend(staff, mail.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog>()).toMatchObject({
      id: mail.id,
      sendState: 'pending',
      sendAttempts: 0,
      sendError: null,
      messageId: mail.messageId,
    });
    const queued = await row(mail.id);
    expect(queued.jobs).toHaveLength(1);
    expect(queued.row.rawFileHash).toBe(failed.row.rawFileHash);
    expect(await pendingCount()).toBe(before + 1);
    expect((await timeline()).at(-1)).toMatchObject({
      kind: 'mail-out',
      mailLogId: mail.id,
      changes: [{ field: 'sendState', from: 'failed', to: 'pending' }],
    });

    const pending = await resend(staff, mail.id);
    expect(pending.statusCode).toBe(409);

    expect(await worker().runOnce()).toBe(1);
    const stored = await t.app.deps.files.get(failed.row.rawFileHash ?? '');
    expect(smtp.received[0]?.raw.toString().trim()).toBe(stored?.toString().trim());
    expect((await simpleParser(smtp.received[0]?.raw ?? Buffer.alloc(0))).messageId).toBe(mail.messageId);
    expect((await row(mail.id)).row).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    expect(await pendingCount()).toBe(before);
  });

  it('resends a mail that may have been delivered only once the person confirms', async () => {
    const mail = await queue('Cut off while sending');
    // As the worker leaves a mail whose connection broke during DATA.
    await t.db
      .update(mailLogs)
      .set({ sendState: 'failed', sendError: CUT_OFF_ERROR })
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, mail.id)));
    await t.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, mail.id)));
    const asked = await resend(staff, mail.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json<{ fieldErrors: Record<string, string> }>().fieldErrors.confirm).toMatch(
      /resend only if/,
    );
    expect((await row(mail.id)).jobs).toEqual([]);
    const confirmed = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/resend/${String(mail.id)}?confirm=true`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await row(mail.id)).jobs).toHaveLength(1);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends a sent mail once more on request', async () => {
    const mail = await queue('Send twice');
    expect(await worker().runOnce()).toBe(1);
    expect((await resend(staff, mail.id)).statusCode).toBe(200);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(2);
    const ids = await Promise.all(smtp.received.map(async (r) => (await simpleParser(r.raw)).messageId));
    expect(ids).toEqual([mail.messageId, mail.messageId]);
  });

  it('refuses an inbound mail or a draft (400), and another store’s mail (404)', async () => {
    const inbound = await resend(staff, inboundId);
    expect(inbound.statusCode).toBe(400);
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: draftsUrl('claim'),
        body: { caseId: caseRow.id, subject: 'Draft', html: '' },
      })
    ).json<TMailLog>();
    expect((await resend(staff, draft.id)).statusCode).toBe(400);
    const mail = await queue('Theirs to resend');
    expect(await worker().runOnce()).toBe(1);
    expect((await resend(otherStaff, mail.id)).statusCode).toBe(404);
    expect((await row(mail.id)).row.sendState).toBe('sent');
    expect((await resend(staff, 999_999)).statusCode).toBe(404);
  });
});
