/**
 * Send to supplier through HTTP, an answer overdue: whole days past the promised time until the
 * supplier answers (an answer or a supplier mail in), on the case and in the supplier's figures.
 */
import type { TSupplier } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cases, mailLogs, supplierAnswers } from '../../src/db/schema';
import { call } from '../helpers/api';
import {
  admin,
  lenient,
  newCase,
  send,
  setUpSendToSupplier,
  status,
  store,
  t,
} from './send-to-supplier-setup';

setUpSendToSupplier();

describe('[SEND] an answer overdue', () => {
  it('counts whole days past the promised time until the supplier answers, on the case and in the figures', async () => {
    const c = await newCase({ supplierId: lenient.id });
    const sent = await send(c.id, { to: ['post@lenient.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(sent.statusCode, sent.body).toBe(201);
    // Sent ten days ago; the supplier promised an answer within three.
    await t.db
      .update(cases)
      .set({ sentToSupplierAt: new Date(Date.now() - 10 * 86_400_000 - 60_000) })
      .where(eq(cases.id, c.id));
    expect((await status(c.id)).overdueDays).toBe(7);
    const figures = async () =>
      (await call(t.app, admin, { url: `/v2/api/suppliers/${String(lenient.id)}` })).json<TSupplier>()
        .figures;
    expect(await figures()).toMatchObject({ casesSent: 1, openPastAnswerTime: 1 });
    const listed = (await call(t.app, admin, { url: `/v2/api/suppliers/${String(lenient.id)}/cases` })).json<
      { id: number; isOverdue: boolean }[]
    >();
    expect(listed.find((row) => row.id === c.id)?.isOverdue).toBe(true);

    await t.db.insert(supplierAnswers).values({
      tenantId: store.tenantId,
      caseId: c.id,
      outcome: 'accepted',
      answeredBy: 'post@lenient.test',
    });
    const answered = await status(c.id);
    expect(answered.overdueDays).toBeNull();
    expect(answered.answeredAt).not.toBeNull();
    expect(await figures()).toMatchObject({ casesSent: 1, openPastAnswerTime: 0 });
  });

  it('counts a supplier mail in since the send as an answer', async () => {
    const c = await newCase({ supplierId: lenient.id });
    await t.db
      .update(cases)
      .set({ sentToSupplierAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(cases.id, c.id));
    expect((await status(c.id)).overdueDays).toBe(2);
    await t.db.insert(mailLogs).values({
      tenantId: store.tenantId,
      caseId: c.id,
      direction: 'in',
      mailLogType: 'supplier',
      messageId: `<${String(Math.random()).slice(2)}@lenient.test>`,
      subject: 'Re: Claim',
      text: 'We look at it',
    });
    expect(await status(c.id)).toMatchObject({ overdueDays: null, answeredAt: expect.any(String) as string });
  });
});
