/**
 * The held send through HTTP: a send or a draft sent with an old view of the case is refused when
 * a newer inbound mail arrived, and goes once the newest was seen. A real OutboxWorker sends to a
 * real smtp-server receiver.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call } from '../helpers/api';
import {
  caseRow,
  composeUrl,
  customerWrites,
  firstInboundId,
  mail,
  pendingCount,
  recordedSent,
  send,
  setUpSendTiming,
  smtp,
  staff,
  store,
  stored,
  t,
} from './send-timing-setup';

setUpSendTiming();

describe('held send', () => {
  it('refuses a send when a newer inbound mail arrived (409 with its id), queueing nothing', async () => {
    const newest = await customerWrites({
      messageId: '<st3@customer.test>',
      references: '<st1@customer.test>',
    });
    const rowsBefore = await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId));
    const countBefore = await pendingCount();
    const refused = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl(caseRow.id),
      body: { ...mail, seenMailId: firstInboundId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A new mail arrived on this case while you were writing',
      fieldErrors: { seenMailId: String(newest) },
    });
    expect(await t.db.$count(mailLogs, eq(mailLogs.tenantId, store.tenantId))).toBe(rowsBefore);
    expect(await pendingCount()).toBe(countBefore);

    // A draft sent with the old view is held too, and stays a draft.
    const draft = (
      await call(t.app, staff, {
        method: 'POST',
        url: '/v2/api/claims/mails/claim/mail-logs',
        body: { ...mail, caseId: caseRow.id },
      })
    ).json<TMailLog>();
    const heldDraft = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/claim/mail-logs/${String(draft.id)}`,
      body: { ...mail, send: true, seenMailId: firstInboundId },
    });
    expect(heldDraft.statusCode).toBe(409);
    expect(heldDraft.json<{ fieldErrors: Record<string, string> }>().fieldErrors.seenMailId).toBe(
      String(newest),
    );
    expect((await stored(draft.id)).row.sendState).toBe('draft');

    // Having seen the newest, the send goes.
    const sent = await send({ seenMailId: newest, subject: 'Seen it all' });
    expect(sent.sendState).toBe('pending');
    await smtp.waitFor(1, 2_000);
    await recordedSent(sent.id);
  });
});
