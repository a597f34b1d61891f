/**
 * Undo send through HTTP: a mail kept in the outbox for its undo window then sent, cancel within
 * the window making it a draft again, and what cannot be cancelled. A real OutboxWorker polling
 * every 5 s sends to a real smtp-server receiver, so a mail that leaves on time shows that it wakes
 * for the job's own time.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { OutboxWorker } from '../../src/modules/mail/outbox/outbox.worker';
import { call } from '../helpers/api';
import {
  caseRow,
  composeUrl,
  mail,
  mailOutEntries,
  pendingCount,
  put,
  receivedSubjects,
  recordedSent,
  send,
  setUpSendTiming,
  sleep,
  smtp,
  staff,
  store,
  stored,
  t,
} from './send-timing-setup';

setUpSendTiming();

describe('undo window', () => {
  it('keeps a mail with delaySeconds 2 in the outbox for 2 s, then sends it', async () => {
    const before = Date.now();
    const pending = await send({ delaySeconds: 2, subject: 'Undo window' });
    expect(pending).toMatchObject({ sendState: 'pending', isSendLater: false });
    const leaves = Date.parse(pending.sendAt ?? '');
    expect(leaves).toBeGreaterThanOrEqual(before + 1_500);
    expect(leaves).toBeLessThanOrEqual(Date.now() + 2_500);
    // Another worker looking now does not claim it early.
    const early = new OutboxWorker({ db: t.db, files: t.app.deps.files }, () => Promise.resolve());
    expect((await early.claim()).map((job) => job.mail_log_id)).not.toContain(pending.id);
    await sleep(1_000);
    expect(smtp.received).toEqual([]);
    await smtp.waitFor(1, 3_000);
    expect(Date.now() - before).toBeLessThan(4_500);
    expect(receivedSubjects()).toEqual([`Undo window [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
    const after = await stored(pending.id);
    expect(after.row).toMatchObject({ sendState: 'sent', sendAt: null, isSendLater: false });
    expect(after.jobs).toEqual([]);
  });

  it('leaves at once when delaySeconds is left out', async () => {
    const pending = await send({ subject: 'At once' });
    expect(pending).toMatchObject({ sendState: 'pending', sendAt: null, isSendLater: false });
    await smtp.waitFor(1, 2_000);
    await recordedSent(pending.id);
  });

  it('refuses an undo window over 30 s (400 on the field)', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { ...mail, delaySeconds: 31 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'delaySeconds',
    );
  });

  it('cancel within the window makes it a draft again, and it never leaves', async () => {
    const countBefore = await pendingCount();
    const pending = await send({ delaySeconds: 2, subject: 'Taken back' });
    expect(await pendingCount()).toBe(countBefore + 1);
    expect(await mailOutEntries(pending.id)).toHaveLength(1);
    const response = await put(staff, pending.id, 'cancel-send');
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<TMailLog>();
    expect(draft).toMatchObject({
      id: pending.id,
      sendState: 'draft',
      sendAt: null,
      isSendLater: false,
      sendError: null,
      // The case tag is added again when it is sent.
      subject: 'Taken back',
      to: [{ address: 'kari@customer.test' }],
    });
    expect((await stored(pending.id)).jobs).toEqual([]);
    expect(await pendingCount()).toBe(countBefore);
    expect(await mailOutEntries(pending.id)).toEqual([]);
    // A second click of Undo answers the draft as it is.
    const again = await put(staff, pending.id, 'cancel-send');
    expect(again.statusCode).toBe(200);
    expect(again.json<TMailLog>().sendState).toBe('draft');
    await sleep(3_000);
    expect(smtp.received).toEqual([]);
    // The draft can be sent again, once.
    const resent = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(pending.id)}`,
      body: { ...mail, subject: 'Taken back', send: true },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await smtp.waitFor(1, 3_000);
    expect(receivedSubjects()).toEqual([`Taken back [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
  });

  it('cancels a mail without a case too', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { ...mail, subject: 'No case', delaySeconds: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const pending = response.json<TMailLog>();
    expect(pending).toMatchObject({ caseId: null, sendState: 'pending' });
    const cancelled = await put(staff, pending.id, 'cancel-send');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TMailLog>()).toMatchObject({
      caseId: null,
      sendState: 'draft',
      subject: 'No case',
    });
    expect((await stored(pending.id)).jobs).toEqual([]);
  });

  it('refuses to cancel a mail a worker holds, or one already sent (409)', async () => {
    const pending = await send({ delaySeconds: 30, subject: 'Held by a worker' });
    await t.db
      .update(mailOutbox)
      .set({ lockedBy: 'another-worker', lockedUntil: new Date(Date.now() + 60_000), sendStage: 'claimed' })
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, pending.id)));
    const held = await put(staff, pending.id, 'cancel-send');
    expect(held.statusCode).toBe(409);
    expect(held.json<{ message: string }>().message).toBe('This mail is already on its way');
    expect((await stored(pending.id)).row.sendState).toBe('pending');
    // Let it go so that the rest of the file's outbox is not held up by it.
    await t.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, store.tenantId), eq(mailOutbox.mailLogId, pending.id)));

    const sent = await send({ subject: 'Gone already' });
    await smtp.waitFor(1, 2_000);
    await recordedSent(sent.id);
    const late = await put(staff, sent.id, 'cancel-send');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe('This mail is already on its way');
    expect((await put(staff, sent.id, 'send-now')).statusCode).toBe(409);
  });
});
