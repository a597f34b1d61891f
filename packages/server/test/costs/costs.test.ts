/** A case's costs, credit notes and recovery, through HTTP as the web calls them. */
import type { TCase, TCaseCosts, TExchangeRatesResponse, TTimelineEntry } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, setStoreConfig, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { caseCosts, caseCreditNotes } from '../../src/db/schema';
import { DEFAULT_FEATURES } from '@claimdesk/contracts';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let agent: Session;

const line = (extra: Record<string, unknown> = {}) => ({
  costType: 'shipping',
  amountMinor: 10_000,
  currency: 'NOK',
  vatRate: 25,
  costDate: '2026-01-15',
  paidBy: 'supplier',
  ...extra,
});

const newCase = async (extra: Parameters<typeof createCase>[2] = {}) =>
  createCase(t.db, store.tenantId, { purchaseDate: '2025-06-01', ...extra });

const costsOf = async (caseId: number) => {
  const res = await call(t.app, agent, { url: `/v2/api/claims/${String(caseId)}/costs` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCaseCosts>();
};

const addLine = (caseId: number, body: Record<string, unknown>, session = agent) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/claims/${String(caseId)}/costs`, body });

const lineCount = async (caseId: number) =>
  (await t.db.select().from(caseCosts).where(eq(caseCosts.caseId, caseId))).length;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'nr' });
  admin = { ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))) };
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
});
afterAll(() => t.close());

describe('cost lines', () => {
  it('registers a line with VAT, totals in the store’s currency, and a timeline entry', async () => {
    const c = await newCase();
    const added = await addLine(c.id, line({ note: '  Return freight  ' }));
    expect(added.statusCode, added.body).toBe(201);
    const costs = added.json<TCaseCosts>();
    expect(costs.storeCurrency).toBe('NOK');
    expect(costs.lines).toHaveLength(1);
    expect(costs.lines[0]).toMatchObject({
      costType: 'shipping',
      netMinor: 10_000,
      vatMinor: 2_500,
      grossMinor: 12_500,
      grossStoreMinor: 12_500,
      exchangeRate: '1',
      note: 'Return freight',
      paidBy: 'supplier',
      version: 1,
    });
    expect(costs.lines[0]?.createdBy).toMatch(/@/);
    // Who registered it, by name (the admin is "Test User" in the factory).
    expect(costs.lines[0]?.createdByName).toBe('Test User');

    // A gross amount: VAT is taken out of it.
    const gross = await addLine(c.id, line({ amountMinor: 999, amountIncludesVat: true, paidBy: 'store' }));
    expect(gross.statusCode, gross.body).toBe(201);
    expect(gross.json<TCaseCosts>().lines[1]).toMatchObject({
      netMinor: 799,
      vatMinor: 200,
      grossMinor: 999,
    });
    expect(gross.json<TCaseCosts>().totals).toEqual({
      netMinor: 10_799,
      vatMinor: 2_700,
      grossMinor: 13_499,
      byPayer: { store: 999, supplier: 12_500, customer: 0 },
    });

    const timeline = (await call(t.app, agent, { url: `/v2/api/claims/${String(c.id)}/timeline` })).json<
      TTimelineEntry[]
    >();
    const entries = timeline.filter((e) => e.kind === 'costs');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.changes).toEqual([
      { field: 'costs.line', from: null, to: 'shipping: 125.00 NOK (supplier)' },
    ]);
  });

  it('converts another currency at the administrator’s rate of the line’s date, kept on the line', async () => {
    const c = await newCase();
    const missing = await addLine(c.id, line({ currency: 'EUR', costDate: '2026-02-10' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors.currency).toMatch(
      /No exchange rate/,
    );
    expect(await lineCount(c.id)).toBe(0);

    for (const [rateDate, rate] of [
      ['2026-01-01', 11.5],
      ['2026-02-01', 11.734512],
      ['2026-03-01', 12],
    ] as const) {
      const put = await call(t.app, admin, {
        method: 'PUT',
        url: '/v2/api/settings/exchange-rates',
        body: { currency: 'EUR', rateDate, rate },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const added = await addLine(c.id, line({ currency: 'EUR', costDate: '2026-02-10', amountMinor: 10_000 }));
    expect(added.statusCode, added.body).toBe(201);
    // 125.00 EUR at 11.734512 (the rate of 1 February, in force on the 10th).
    expect(added.json<TCaseCosts>().lines[0]).toMatchObject({
      exchangeRate: '11.734512',
      grossMinor: 12_500,
      grossStoreMinor: 146_681,
      netStoreMinor: 117_345,
    });
    // A changed rate leaves the registered line as it was.
    await call(t.app, admin, {
      method: 'PUT',
      url: '/v2/api/settings/exchange-rates',
      body: { currency: 'EUR', rateDate: '2026-02-01', rate: 20 },
    });
    expect((await costsOf(c.id)).lines[0]?.grossStoreMinor).toBe(146_681);
    const list = (
      await call(t.app, agent, { url: '/v2/api/settings/exchange-rates' })
    ).json<TExchangeRatesResponse>();
    expect(list.storeCurrency).toBe('NOK');
    expect(list.rates.map((r) => [r.rateDate, r.rate])).toEqual([
      ['2026-03-01', '12'],
      ['2026-02-01', '20'],
      ['2026-01-01', '11.5'],
    ]);
  });

  it('only administrators keep the rates; the store’s own currency and unknown ones are refused', async () => {
    const byAgent = await call(t.app, agent, {
      method: 'PUT',
      url: '/v2/api/settings/exchange-rates',
      body: { currency: 'SEK', rateDate: '2026-01-01', rate: 1 },
    });
    expect(byAgent.statusCode).toBe(403);
    for (const currency of ['NOK', 'USD']) {
      const res = await call(t.app, admin, {
        method: 'PUT',
        url: '/v2/api/settings/exchange-rates',
        body: { currency, rateDate: '2026-01-01', rate: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('currency');
    }
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const c = await newCase();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountMinor: 12.5 }, 'amountMinor'],
      [{ amountMinor: -100 }, 'amountMinor'],
      [{ amountMinor: 0 }, 'amountMinor'],
      [{ amountMinor: 1e15 }, 'amountMinor'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'nok' }, 'currency'],
      [{ vatRate: 17 }, 'vatRate'],
      [{ costType: 'lunch' }, 'costType'],
      [{ costDate: '2999-01-01' }, 'costDate'],
      [{ costDate: '15.01.2026' }, 'costDate'],
      [{ paidBy: 'nobody' }, 'paidBy'],
      [{ note: 'x'.repeat(1001) }, 'note'],
    ];
    for (const [extra, field] of cases) {
      const res = await addLine(c.id, line(extra));
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toContain(field);
    }
    // Several wrong fields at once are all named.
    const many = await addLine(c.id, line({ vatRate: 17, costType: 'lunch', currency: 'USD' }));
    expect(Object.keys(many.json<{ fieldErrors: Record<string, string> }>().fieldErrors).sort()).toEqual([
      'costType',
      'currency',
      'vatRate',
    ]);
    expect(await lineCount(c.id)).toBe(0);
    const timeline = (await call(t.app, agent, { url: `/v2/api/claims/${String(c.id)}/timeline` })).json<
      TTimelineEntry[]
    >();
    expect(timeline.filter((e) => e.kind === 'costs')).toEqual([]);
  });

  it('changes a line at the version read, and removes it; both on the timeline', async () => {
    const c = await newCase();
    const id = (await addLine(c.id, line())).json<TCaseCosts>().lines[0]?.id ?? 0;
    const url = `/v2/api/claims/${String(c.id)}/costs/${String(id)}`;
    const changed = await call(t.app, agent, {
      method: 'PUT',
      url,
      body: { ...line({ amountMinor: 20_000 }), version: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TCaseCosts>().lines[0]).toMatchObject({ grossMinor: 25_000, version: 2 });
    const stale = await call(t.app, agent, { method: 'PUT', url, body: { ...line(), version: 1 } });
    expect(stale.statusCode).toBe(409);
    const removed = await call(t.app, agent, { method: 'DELETE', url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TCaseCosts>().lines).toEqual([]);
    expect((await call(t.app, agent, { method: 'DELETE', url })).statusCode).toBe(404);
    const timeline = (await call(t.app, agent, { url: `/v2/api/claims/${String(c.id)}/timeline` })).json<
      TTimelineEntry[]
    >();
    expect(timeline.filter((e) => e.kind === 'costs').map((e) => e.changes[0])).toEqual([
      { field: 'costs.line', from: null, to: 'shipping: 125.00 NOK (supplier)' },
      { field: 'costs.line', from: 'shipping: 125.00 NOK (supplier)', to: 'shipping: 250.00 NOK (supplier)' },
      { field: 'costs.line', from: 'shipping: 250.00 NOK (supplier)', to: null },
    ]);
  });

  it('locks the lines while the case is archived', async () => {
    const created = await call(t.app, agent, {
      method: 'POST',
      url: '/v2/api/claims',
      body: { workFlow: 'claim', customer: { name: 'Kari' }, items: [] },
    });
    const c = created.json<TCase>();
    expect((await addLine(c.id, line())).statusCode).toBe(201);
    const archived = await call(t.app, agent, {
      method: 'PUT',
      url: `/v2/api/claims/${String(c.id)}/archive`,
      body: { version: c.version },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await costsOf(c.id)).isLocked).toBe(true);
    const refused = await addLine(c.id, line());
    expect(refused.statusCode).toBe(409);
    const note = await call(t.app, agent, {
      method: 'POST',
      url: `/v2/api/claims/${String(c.id)}/credit-notes`,
      body: { number: 'K-1', noteDate: '2026-01-20', amountMinor: 100, currency: 'NOK' },
    });
    expect(note.statusCode).toBe(409);
    expect((await costsOf(c.id)).lines).toHaveLength(1);
  });

  it('is off (403) where the store turned costReg off, and 404 for another store’s case', async () => {
    const other = await createStore(t.db, { features: { ...DEFAULT_FEATURES, costReg: false } });
    const otherAgent = await signIn(t.app, await createUser(t.db, other.tenantId));
    const own = await createCase(t.db, other.tenantId);
    expect(
      (await call(t.app, otherAgent, { url: `/v2/api/claims/${String(own.id)}/costs` })).statusCode,
    ).toBe(403);
    const c = await newCase();
    await setStoreConfig(t.db, other.tenantId, 'feature', DEFAULT_FEATURES);
    expect((await call(t.app, otherAgent, { url: `/v2/api/claims/${String(c.id)}/costs` })).statusCode).toBe(
      404,
    );
    expect((await addLine(c.id, line(), otherAgent)).statusCode).toBe(404);
    expect(await lineCount(c.id)).toBe(0);
  });
});

describe('recovery from the supplier', () => {
  it('goes from open to partly settled to settled with credit notes; unrecovered is expected less credited', async () => {
    const c = await newCase({ supplierName: 'Acme AS' });
    await addLine(c.id, line({ amountMinor: 40_000 })); // 500.00 gross, the supplier pays
    await addLine(c.id, line({ amountMinor: 8_000, paidBy: 'store' }));
    let costs = await costsOf(c.id);
    expect(costs.recovery).toMatchObject({
      state: 'open',
      expectedCreditMinor: 50_000,
      isExpectedSet: false,
      creditedMinor: 0,
      unrecoveredMinor: 50_000,
      supplierName: 'Acme AS',
    });
    const credit = (body: Record<string, unknown>) =>
      call(t.app, agent, { method: 'POST', url: `/v2/api/claims/${String(c.id)}/credit-notes`, body });
    const first = await credit({
      number: 'KN-100',
      noteDate: '2026-02-01',
      amountMinor: 20_000,
      currency: 'NOK',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TCaseCosts>().recovery).toMatchObject({
      state: 'partlySettled',
      creditedMinor: 20_000,
      unrecoveredMinor: 30_000,
    });
    const twice = await credit({
      number: 'KN-100',
      noteDate: '2026-02-02',
      amountMinor: 5_000,
      currency: 'NOK',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('number');
    const bad = await credit({ number: 'KN-101', noteDate: '2026-02-02', amountMinor: -5, currency: 'NOK' });
    expect(bad.statusCode).toBe(400);
    const second = await credit({
      number: 'KN-101',
      noteDate: '2026-02-05',
      amountMinor: 30_000,
      currency: 'NOK',
    });
    costs = second.json<TCaseCosts>();
    expect(costs.recovery).toMatchObject({ state: 'settled', creditedMinor: 50_000, unrecoveredMinor: 0 });
    expect(costs.creditNotes.map((n) => n.number)).toEqual(['KN-100', 'KN-101']);
    const removed = await call(t.app, agent, {
      method: 'DELETE',
      url: `/v2/api/claims/${String(c.id)}/credit-notes/${String(costs.creditNotes[1]?.id)}`,
    });
    expect(removed.json<TCaseCosts>().recovery.state).toBe('partlySettled');
    expect(
      (await t.db.select().from(caseCreditNotes).where(eq(caseCreditNotes.caseId, c.id))).map(
        (n) => n.number,
      ),
    ).toEqual(['KN-100']);
  });

  it('takes a set expected credit, and a write-off only with a reason', async () => {
    const c = await newCase();
    await addLine(c.id, line({ amountMinor: 40_000 }));
    const url = `/v2/api/claims/${String(c.id)}/recovery`;
    const set = await call(t.app, agent, {
      method: 'PUT',
      url,
      body: { expectedCreditMinor: 30_000, isWrittenOff: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TCaseCosts>().recovery).toMatchObject({
      expectedCreditMinor: 30_000,
      isExpectedSet: true,
      unrecoveredMinor: 30_000,
    });
    const noReason = await call(t.app, agent, {
      method: 'PUT',
      url,
      body: { expectedCreditMinor: 30_000, isWrittenOff: true, writeOffReason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'writeOffReason',
    );
    expect((await costsOf(c.id)).recovery.state).toBe('open');
    const negative = await call(t.app, agent, {
      method: 'PUT',
      url,
      body: { expectedCreditMinor: -1, isWrittenOff: false },
    });
    expect(negative.statusCode).toBe(400);
    const off = await call(t.app, agent, {
      method: 'PUT',
      url,
      body: { expectedCreditMinor: 30_000, isWrittenOff: true, writeOffReason: 'Supplier went bankrupt' },
    });
    expect(off.json<TCaseCosts>().recovery).toMatchObject({
      state: 'writtenOff',
      writeOffReason: 'Supplier went bankrupt',
      unrecoveredMinor: 30_000,
    });
    const timeline = (await call(t.app, agent, { url: `/v2/api/claims/${String(c.id)}/timeline` })).json<
      TTimelineEntry[]
    >();
    expect(
      timeline.filter((e) => e.kind === 'costs').flatMap((e) => e.changes.map((ch) => ch.field)),
    ).toEqual(['costs.line', 'costs.expectedCredit', 'costs.writeOff']);
  });
});
