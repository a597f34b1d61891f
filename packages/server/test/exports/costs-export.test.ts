/** The costs CSV through HTTP: lines of a period, amounts per language, the totals check, access and bad periods. */
import { DEFAULT_FEATURES, type TCaseCosts } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { csvRecords, readCsv } from './csv-read';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let agent: Session;
const caseIds: number[] = [];
let caseNumbers: number[] = [];

const line = (extra: Record<string, unknown>) => ({
  costType: 'shipping',
  amountMinor: 10_000,
  currency: 'NOK',
  vatRate: 25,
  costDate: '2026-02-15',
  paidBy: 'supplier',
  ...extra,
});

const exportCosts = (query: string, as: Session = admin) =>
  call(t.app, as, { url: `/v2/api/exports/costs?${query}` });

/** A money cell as a number of minor units, whichever decimal mark the language uses. */
const minorOf = (cell: string | undefined) => Math.round(Number((cell ?? '').replace(',', '.')) * 100);

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'de' });
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
  const rate = await call(t.app, admin, {
    method: 'PUT',
    url: '/v2/api/settings/exchange-rates',
    body: { currency: 'EUR', rateDate: '2026-01-01', rate: 11.4567 },
  });
  expect(rate.statusCode, rate.body).toBe(200);
  for (let i = 0; i < 3; i += 1) {
    const c = await createCase(t.db, store.tenantId, {
      customerName: `Kunde ${String(i)}`,
      supplierName: i === 0 ? 'Lieferant GmbH' : null,
    });
    caseIds.push(c.id);
    caseNumbers.push(c.caseNumber);
  }
  const lines: [number, Record<string, unknown>][] = [
    [0, line({ amountMinor: 12_345, note: '=SUM(A1:A9)' })],
    [
      0,
      line({ costType: 'repair', amountMinor: 99_999, vatRate: 15, costDate: '2026-03-01', paidBy: 'store' }),
    ],
    [1, line({ currency: 'EUR', amountMinor: 4_050, costDate: '2026-02-20', paidBy: 'customer' })],
    [1, line({ amountMinor: 1, vatRate: 0, costDate: '2026-02-01' })],
    [2, line({ amountMinor: 55_500, amountIncludesVat: true, costDate: '2026-02-28' })],
    // Outside the period below.
    [2, line({ amountMinor: 77_700, costDate: '2025-12-31' })],
  ];
  for (const [index, body] of lines) {
    const added = await call(t.app, agent, {
      method: 'POST',
      url: `/v2/api/claims/${String(caseIds[index])}/costs`,
      body,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  caseNumbers = caseNumbers.map(Number);
});
afterAll(() => t.close());

describe('GET /v2/api/exports/costs', () => {
  it('writes the period’s lines oldest first, ; and decimal commas in German, and a totals row', async () => {
    const response = await exportCosts('from=2026-01-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="costs-[\d-]+\.csv"$/);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows } = readCsv(response.rawPayload, ';');
    expect(rows[0]?.slice(0, 7)).toEqual([
      'Fallnummer',
      'Lieferant',
      'Datum',
      'Kostenart',
      'Notiz',
      'Währung',
      'Netto',
    ]);
    const records = csvRecords(rows);
    const total = records.pop();
    expect(records.map((r) => r.Datum)).toEqual([
      '01.02.2026',
      '15.02.2026',
      '20.02.2026',
      '28.02.2026',
      '01.03.2026',
    ]);
    expect(records[1]).toMatchObject({
      Fallnummer: String(caseNumbers[0]),
      Lieferant: 'Lieferant GmbH',
      Kostenart: 'Versand',
      Notiz: "'=SUM(A1:A9)",
      Währung: 'NOK',
      Netto: '123,45',
      'MwSt.-Satz (%)': '25',
      'MwSt.': '30,86',
      Brutto: '154,31',
      Zahlt: 'Lieferant',
    });
    expect(records[2]).toMatchObject({
      Lieferant: '',
      Währung: 'EUR',
      Netto: '40,50',
      Wechselkurs: '11,4567',
      Zahlt: 'Kunde',
    });
    expect(records[4]).toMatchObject({ Kostenart: 'Reparatur', 'MwSt.-Satz (%)': '15', Zahlt: 'Geschäft' });
    expect(total).toMatchObject({ Fallnummer: 'Summe', 'Währung des Geschäfts': 'NOK' });

    // The totals check: each column's sum is the totals row, and the cases' own cost totals.
    const sum = (column: string) => records.reduce((s, r) => s + minorOf(r[column]), 0);
    expect(minorOf(total?.['Brutto (Währung des Geschäfts)'])).toBe(sum('Brutto (Währung des Geschäfts)'));
    expect(minorOf(total?.['Netto (Währung des Geschäfts)'])).toBe(sum('Netto (Währung des Geschäfts)'));
    let casesGross = 0;
    for (const id of caseIds) {
      const costs = (
        await call(t.app, agent, { url: `/v2/api/claims/${String(id)}/costs` })
      ).json<TCaseCosts>();
      casesGross += costs.lines
        .filter((l) => l.costDate >= '2026-01-01' && l.costDate <= '2026-03-31')
        .reduce((s, l) => s + l.grossStoreMinor, 0);
    }
    expect(sum('Brutto (Währung des Geschäfts)')).toBe(casesGross);
  });

  it('writes , and points in English, and one case’s lines add up to its Costs tab’s total', async () => {
    const response = await exportCosts('from=2025-01-01&to=2026-12-31&language=en');
    const records = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(records.pop()?.['Case number']).toBe('Total');
    expect(records).toHaveLength(6);
    expect(records[0]).toMatchObject({ Date: '2025-12-31', Net: '777.00', 'Paid by': 'Supplier' });
    const costs = (
      await call(t.app, agent, { url: `/v2/api/claims/${String(caseIds[2])}/costs` })
    ).json<TCaseCosts>();
    const ofCase = records.filter((r) => r['Case number'] === String(caseNumbers[2]));
    expect(ofCase.reduce((s, r) => s + minorOf(r['Gross (store currency)']), 0)).toBe(
      costs.totals.grossMinor,
    );
  });

  it('refuses a period longer than the limit or reversed (400 naming `to`), other fields too', async () => {
    for (const [query, field] of [
      ['from=2020-01-01&to=2026-01-01', 'to'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-01-01&to=2026-02-01&language=sv', 'language'],
    ] as const) {
      const response = await exportCosts(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors), query).toContain(field);
    }
    const tooLong = await exportCosts('from=2020-01-01&to=2026-01-01');
    expect(tooLong.json<{ fieldIssues: Record<string, { code: string }> }>().fieldIssues.to?.code).toBe(
      'period_too_long',
    );
  });

  it('is for administrators and managers, with cost registration on', async () => {
    expect((await exportCosts('', agent)).statusCode).toBe(403);
    const off = await createStore(t.db, { features: { ...DEFAULT_FEATURES, costReg: false } });
    const offAdmin = await signIn(t.app, await createUser(t.db, off.tenantId, { roles: ['ADMIN_USER'] }));
    expect((await exportCosts('', offAdmin)).statusCode).toBe(403);
  });

  it('never shows another store’s lines', async () => {
    const other = await createStore(t.db);
    const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    const response = await exportCosts('from=2025-01-01&to=2026-12-31&language=en', otherAdmin);
    expect(response.statusCode, response.body).toBe(200);
    const records = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(records).toEqual([
      expect.objectContaining({ 'Case number': 'Total', 'Gross (store currency)': '0.00' }),
    ]);
  });
});
