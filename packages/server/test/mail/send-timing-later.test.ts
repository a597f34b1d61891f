/**
 * Send later through HTTP: the time checked, the mail held until then, send now sending it at
 * once, and the mail going back to a draft when the customer writes first. A real OutboxWorker
 * sends to a real smtp-server receiver.
 */
import type { TMailLog, TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call } from '../helpers/api';
import {
  caseRow,
  composeUrl,
  customerWrites,
  inAnHour,
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

describe('send later', () => {
  it('refuses a time in the past or more than 365 days ahead (400 on sendAt), queueing nothing', async () => {
    const rowsBefore = await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId));
    for (const sendAt of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 366 * 86_400_000).toISOString(),
      'tomorrow',
    ]) {
      const response = await call(t.app, staff, {
        method: 'POST',
        url: composeUrl(caseRow.id),
        body: { ...mail, sendAt },
      });
      expect(response.statusCode, sendAt).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('sendAt');
    }
    expect(await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId))).toBe(rowsBefore);
    // A draft sent for a past time is refused the same way, and stays a draft.
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/claim/mail-logs',
        body: { ...mail, caseId: caseRow.id },
      })
    ).json<TMailLog>();
    const past = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(draft.id)}`,
      body: { ...mail, send: true, sendAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('sendAt');
    expect((await stored(draft.id)).row.sendState).toBe('draft');
  });

  it('waits for the chosen time (ignoring delaySeconds); send now sends it at once', async () => {
    const sendAt = inAnHour();
    const pending = await send({ sendAt, delaySeconds: 2, subject: 'Later' });
    expect(pending).toMatchObject({ sendState: 'pending', isSendLater: true });
    expect(Date.parse(pending.sendAt ?? '')).toBe(Date.parse(sendAt));
    const { jobs } = await stored(pending.id);
    expect(jobs[0]?.nextAttemptAt.getTime()).toBe(Date.parse(sendAt));
    await sleep(3_000);
    expect(smtp.received).toEqual([]);
    const now = await put(staff, pending.id, 'send-now');
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json<TMailLog>()).toMatchObject({ sendState: 'pending', sendAt: null, isSendLater: false });
    // Well before the worker's 5 s poll: send-now wakes it.
    await smtp.waitFor(1, 2_000);
    expect(receivedSubjects()).toEqual([`Later [#${String(caseRow.caseNumber)}]`]);
    await recordedSent(pending.id);
  });

  it('goes back to a draft when the customer writes before the time; an auto-reply or an undo window does not', async () => {
    const later = await send({ sendAt: inAnHour(), subject: 'Later still' });
    const windowed = await send({ delaySeconds: 30, subject: 'In its window' });
    const countBefore = await pendingCount();
    await customerWrites({
      messageId: '<away@customer.test>',
      references: later.messageId,
      headers: ['Auto-Submitted: auto-replied'],
    });
    expect((await stored(later.id)).row.sendState).toBe('pending');
    const replyId = await customerWrites({ messageId: '<st2@customer.test>', references: later.messageId });
    const [reply] = await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, replyId)));
    expect(reply?.caseId).toBe(caseRow.id);

    const taken = await stored(later.id);
    expect(taken.row).toMatchObject({
      sendState: 'draft',
      sendAt: null,
      isSendLater: false,
      sendError: 'Not sent: a new mail came from kari@customer.test before the time you chose',
      subject: 'Later still',
    });
    expect(taken.jobs).toEqual([]);
    expect(await pendingCount()).toBe(countBefore - 1);
    expect(await mailOutEntries(later.id)).toEqual([]);
    // The case's timeline says who wrote first and which mail went back to drafts.
    const timeline = (
      await call(t.app, staff, { url: `/v2/api/claims/${String(caseRow.id)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.filter((e) => e.kind === 'mail-held')).toEqual([
      expect.objectContaining({ actor: 'kari@customer.test', mailLogId: later.id }),
    ]);
    // The writer sees why on the draft in the thread.
    const thread = (
      await call(t.app, staff, { url: `/v2/api/claims/mails/${String(caseRow.id)}/mail-logs` })
    ).json<TMailLog[]>();
    expect(thread.find((m) => m.id === later.id)).toMatchObject({
      sendState: 'draft',
      sendError: 'Not sent: a new mail came from kari@customer.test before the time you chose',
    });
    // The undo window is the person's own choice to send now: it still leaves.
    expect((await stored(windowed.id)).row.sendState).toBe('pending');
    expect((await put(staff, windowed.id, 'cancel-send')).statusCode).toBe(200);
  });
});
