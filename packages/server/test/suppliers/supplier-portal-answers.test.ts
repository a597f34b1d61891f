/**
 * The supplier portal, the supplier's answer (issue 24, point 5): an outcome, compensation and
 * credit note, checked on its fields, which staff see on the case with the contact's views of it;
 * and the supplier's acceptance rate the answers make (these tests build on each other).
 */
import type {
  TCaseSupplierAnswers,
  TErrorResponse,
  TPortalCase,
  TSupplier,
  TSupplierAnswer,
  TTimelineEntry,
} from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { mailLogs, pushQueue } from '../../src/db/schema';
import {
  acme,
  admin,
  heard,
  ids,
  kari,
  portal,
  setUpSupplierPortal,
  store,
  t,
} from './supplier-portal-setup';

setUpSupplierPortal();

describe('[PORTAL] the supplier’s answer', () => {
  const answer = (body: unknown) => portal(kari, `/cases/${String(ids.sentToA)}/answers`, body);

  it('is refused on its fields when it does not add up (400, nothing stored)', async () => {
    const cases: [unknown, string, string][] = [
      [
        { outcome: 'accepted', compensationMode: 'credit-note', amountMinor: 12.5 },
        'amountMinor',
        'not_an_integer',
      ],
      [{ outcome: 'accepted', compensationMode: 'credit-note', amountMinor: -1 }, 'amountMinor', 'too_small'],
      [{ outcome: 'declined', amountMinor: 100 }, 'amountMinor', 'invalid'],
      [{ outcome: 'accepted' }, 'compensationMode', 'required'],
      [{ outcome: 'accepted', compensationMode: 'refund' }, 'compensationMode', 'not_an_option'],
      [{ outcome: 'maybe' }, 'outcome', 'not_an_option'],
      [
        { outcome: 'partly', compensationMode: 'repair', creditNoteNumber: 'x'.repeat(61) },
        'creditNoteNumber',
        'too_long',
      ],
      [
        { outcome: 'accepted', compensationMode: 'credit-note', amountMinor: 100, currency: 'USD' },
        'currency',
        'not_an_option',
      ],
    ];
    for (const [body, field, code] of cases) {
      const response = await answer(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<TErrorResponse>().fieldIssues?.[field], JSON.stringify(body)).toMatchObject({
        code,
      });
    }
    const staff = await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` });
    expect(staff.json<TCaseSupplierAnswers>().answers).toEqual([]);
  });

  it('is stored, goes on the timeline, and staff see it on the case with the contact’s views', async () => {
    const viewsBefore = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` })
    ).json<TCaseSupplierAnswers>().views.count;
    expect((await portal(kari, `/cases/${String(ids.sentToA)}`)).statusCode).toBe(200);

    const given = await answer({
      outcome: 'partly',
      compensationMode: 'credit-note',
      amountMinor: 49_950,
      creditNoteNumber: 'CN-2026-17',
      note: 'Half: the plate was damaged in use.',
    });
    expect(given.statusCode, given.body).toBe(201);
    // The staff's open case page (the assignee's among them) hears of it.
    await heard('CASE_UPDATED', ids.sentToA);
    expect(given.json<TSupplierAnswer>()).toMatchObject({
      outcome: 'partly',
      compensationMode: 'credit-note',
      amountMinor: 49_950,
      currency: 'NOK',
      creditNoteNumber: 'CN-2026-17',
      answeredBy: 'kari@acme.test',
      // People read a name, not an address.
      answeredByName: 'Contact of Acme AS',
    });
    const declined = await answer({ outcome: 'declined', note: 'On second thought' });
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json<TSupplierAnswer>()).toMatchObject({ amountMinor: null, currency: null });

    const staff = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` })
    ).json<TCaseSupplierAnswers>();
    expect(staff.answers.map((a) => a.outcome)).toEqual(['declined', 'partly']);
    expect(staff.answers.map((a) => a.answeredByName)).toEqual(['Contact of Acme AS', 'Contact of Acme AS']);
    expect(staff.views.count).toBe(viewsBefore + 1);
    expect(staff.views.last?.viewer).toBe('kari@acme.test');

    const timeline = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/timeline` })
    ).json<TTimelineEntry[]>();
    const entries = timeline.filter((e) => e.kind === 'supplier-answer');
    expect(entries[0]).toMatchObject({
      actor: 'kari@acme.test',
      changes: expect.arrayContaining([
        { field: 'supplierAnswer.outcome', from: null, to: 'partly' },
        { field: 'supplierAnswer.amount', from: null, to: '49950 NOK' },
        { field: 'supplierAnswer.creditNoteNumber', from: null, to: 'CN-2026-17' },
      ]) as unknown,
    });
    // The portal shows the answers too, newest first.
    const read = (await portal(kari, `/cases/${String(ids.sentToA)}`)).json<TPortalCase>();
    expect(read.answers.map((a) => a.outcome)).toEqual(['declined', 'partly']);

    // Each answer also reads in the supplier lane as an unread mail in from the contact, in the
    // store's language (English here), its notification queued as for a mailed answer.
    const lane = await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.caseId, ids.sentToA), eq(mailLogs.fromAddress, 'kari@acme.test')));
    const summaries = lane.filter((m) => m.text?.startsWith('Answer to the claim'));
    expect(summaries.map((m) => m.text).sort()).toEqual([
      'Answer to the claim: Declined\n\nOn second thought',
      'Answer to the claim: Partly accepted\nCompensation: Credit note\nAmount: 499.50 NOK\nCredit note: CN-2026-17\n\nHalf: the plate was damaged in use.',
    ]);
    for (const m of summaries)
      expect(m).toMatchObject({ direction: 'in', mailLogType: 'supplier', isRead: false });
    const queued = await t.db.select().from(pushQueue).where(eq(pushQueue.tenantId, store.tenantId));
    for (const m of summaries) expect(queued.map((q) => q.mailLogId)).toContain(m.id);
  });

  it('counts a view on each read of the case, none on the list', async () => {
    const views = async () =>
      (
        await call(t.app, admin, { url: `/v2/api/claims/${String(ids.secondToA)}/supplier-answers` })
      ).json<TCaseSupplierAnswers>().views;
    const before = (await views()).count;
    await portal(kari, '/cases');
    await portal(kari, `/cases/${String(ids.secondToA)}`);
    await portal(kari, `/cases/${String(ids.secondToA)}`);
    expect(await views()).toMatchObject({ count: before + 2, last: { viewer: 'kari@acme.test' } });
  });
});

describe('[PORTAL] the supplier’s acceptance rate', () => {
  it('is the share of its answered sent cases it accepted, a partly accepted one counting half', async () => {
    const rate = async () =>
      (await call(t.app, admin, { url: `/v2/api/suppliers/${String(acme.id)}` })).json<TSupplier>().figures
        .acceptanceRate;
    // sentToA's latest answer is a decline (the answer tests); secondToA is not answered yet.
    expect(await rate()).toBe(0);
    const partly = await portal(kari, `/cases/${String(ids.secondToA)}/answers`, {
      outcome: 'partly',
      compensationMode: 'repair',
    });
    expect(partly.statusCode, partly.body).toBe(201);
    expect(await rate()).toBe(0.25);
    await portal(kari, `/cases/${String(ids.sentToA)}/answers`, {
      outcome: 'accepted',
      compensationMode: 'credit-note',
      amountMinor: 100,
    });
    expect(await rate()).toBe(0.75);
    const listed = await call(t.app, admin, { url: '/v2/api/suppliers' });
    // The list shows the same figure.
    expect(listed.json<TSupplier[]>().find((x) => x.id === acme.id)?.figures.acceptanceRate).toBe(0.75);
  });
});
