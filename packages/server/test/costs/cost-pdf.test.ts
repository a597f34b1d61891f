/**
 * The cost PDFs through HTTP: a case's cost report and a period's supplier statement, their text
 * read back with pdf.js (the words, æ ø å ß ü €, the page count, and every total equal to what
 * GET /v2/api/claims/{id}/costs answers), and their refusals.
 */
import type { TCaseCosts, TLanguage } from '@claimdesk/contracts';
import { DEFAULT_FEATURES } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseCosts, cases, stores } from '../../src/db/schema';
import { pdfFormat } from '../../src/modules/reports/cost-pdf/pdf-format';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, setStoreConfig, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let manager: Session;
let agent: Session;
let supplierId = 0;
let otherSupplierId = 0;

const STORE_NAME = 'Kjøkken & Søm Ærlig – Größe';
const SUPPLIER = 'Müller Ølbrygg ÆØÅ GmbH';
const PDF = '/v2/api/reports/get-cost-reg-pdf';

interface PdfText {
  pages: string[];
  text: string;
}

/** The text of each page, its items joined by single spaces. */
async function readPdf(body: Buffer): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return { pages, text: pages.join('\n') };
}

const getPdf = async (session: Session, url: string) => {
  const res = await call(t.app, session, { url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { res, pdf: await readPdf(res.rawPayload) };
};

const costsOf = async (caseId: number) => {
  const res = await call(t.app, agent, { url: `/v2/api/claims/${String(caseId)}/costs` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCaseCosts>();
};

const post = async (url: string, body: Record<string, unknown>, session = agent) => {
  const res = await call(t.app, session, { method: 'POST', url, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCaseCosts>();
};

const addLine = (caseId: number, extra: Record<string, unknown> = {}) =>
  post(`/v2/api/claims/${String(caseId)}/costs`, {
    costType: 'shipping',
    amountMinor: 123_456,
    currency: 'NOK',
    vatRate: 25,
    costDate: '2026-01-15',
    paidBy: 'supplier',
    ...extra,
  });

const addNote = (caseId: number, number: string, amountMinor: number) =>
  post(`/v2/api/claims/${String(caseId)}/credit-notes`, {
    number,
    noteDate: '2026-02-01',
    amountMinor,
    currency: 'NOK',
  });

const newSupplier = async (name: string) => {
  const res = await call(t.app, admin, { method: 'POST', url: '/v2/api/suppliers', body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

/** A case created at `createdAt`, of the supplier when given. */
const caseOn = (createdAt: string, supplier: { id: number; name: string } | null, extra = {}) =>
  createCase(t.db, store.tenantId, {
    createdAt: new Date(createdAt),
    supplierId: supplier?.id ?? null,
    supplierName: supplier?.name ?? null,
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'nr' });
  await t.db.update(stores).set({ displayName: STORE_NAME }).where(eq(stores.tenantId, store.tenantId));
  t.app.deps.stores.forget(store.tenantId);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  manager = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['MANAGER_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
  supplierId = await newSupplier(SUPPLIER);
  otherSupplierId = await newSupplier('Other Supply AS');
  const rate = await call(t.app, admin, {
    method: 'PUT',
    url: '/v2/api/settings/exchange-rates',
    body: { currency: 'EUR', rateDate: '2026-01-01', rate: 11.734512 },
  });
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(() => t.close());

describe('the case’s cost report', () => {
  it('prints the store, case, customer, items, supplier, lines with VAT and totals equal to the API’s', async () => {
    const c = await caseOn(
      '2026-01-10T10:00:00Z',
      { id: supplierId, name: SUPPLIER },
      {
        customerName: 'Åse Ærø Straße',
        customerEmail: 'ase@kunde.test',
        purchaseDate: '2025-12-01',
        items: [{ productName: 'Kaffetrakter Über €', sku: 'KT-ß1' }],
      },
    );
    await addLine(c.id, { note: 'Returfrakt tur/retur – ølkasse' });
    await addLine(c.id, { costType: 'repair', amountMinor: 9_999, currency: 'EUR', paidBy: 'store' });
    await addLine(c.id, { amountMinor: 5_000, amountIncludesVat: true, vatRate: 15, paidBy: 'customer' });
    await addNote(c.id, 'KN-Ø1', 50_000);
    const costs = await costsOf(c.id);

    const { res, pdf } = await getPdf(agent, `${PDF}/${String(c.id)}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kostnadsrapport-${String(c.caseNumber)}.pdf"`,
    );
    const f = pdfFormat('nr', 'UTC');
    const text = pdf.text;
    for (const words of [
      STORE_NAME,
      `Sak ${String(c.caseNumber)}`,
      'Åse Ærø Straße',
      'Kaffetrakter Über €',
      'KT-ß1',
      SUPPLIER,
      'Returfrakt tur/retur – ølkasse',
      'Kostnadslinjer',
      'Frakt',
      'Reparasjon',
      'EUR 11,734512',
      '25 %',
      'KN-Ø1',
      'Delvis oppgjort',
      'Side 1 av 1',
    ])
      expect(text).toContain(words);
    // Each line's amounts, and every total, as the API answers them.
    for (const line of costs.lines) {
      expect(text).toContain(f.amount(line.grossMinor));
      expect(text).toContain(f.amount(line.grossStoreMinor));
    }
    expect(text).toContain(`Netto ${f.amount(costs.totals.netMinor)}`);
    expect(text).toContain(`MVA ${f.amount(costs.totals.vatMinor)}`);
    expect(text).toContain(`Brutto ${f.amount(costs.totals.grossMinor)}`);
    expect(text).toContain(`Krevd ${f.amount(costs.recovery.expectedCreditMinor)}`);
    expect(text).toContain(`Kreditert ${f.amount(costs.recovery.creditedMinor)}`);
    expect(text).toContain(`Ikke dekket ${f.amount(costs.recovery.unrecoveredMinor)}`);
    // 1 234,56 kr and 25 % of it, as written in Norwegian.
    expect(f.amount(costs.lines[0]?.grossMinor ?? 0)).toBe('1 543,20');
  });

  it('speaks the language asked for, else the user’s own, and counts its pages', async () => {
    const c = await caseOn('2026-01-11T10:00:00Z', { id: supplierId, name: SUPPLIER });
    await addLine(c.id);
    // Enough lines for several pages, written straight to the table (the API caps nothing here).
    const [first] = await t.db.select().from(caseCosts).where(eq(caseCosts.caseId, c.id));
    if (!first) throw new Error('no line');
    const { id: _id, ...copy } = first;
    await t.db.insert(caseCosts).values(Array.from({ length: 119 }, () => ({ ...copy })));
    const costs = await costsOf(c.id);
    expect(costs.lines).toHaveLength(120);

    const german = await getPdf(agent, `${PDF}/${String(c.id)}?lang=de`);
    const pages = german.pdf.pages.length;
    expect(pages).toBeGreaterThan(2);
    german.pdf.pages.forEach((page, i) =>
      expect(page).toContain(`Seite ${String(i + 1)} von ${String(pages)}`),
    );
    const de = pdfFormat('de', 'UTC');
    expect(german.pdf.text).toContain('Kostenbericht');
    expect(german.pdf.text).toContain(`Brutto ${de.amount(costs.totals.grossMinor)}`);
    expect(de.amount(costs.totals.grossMinor)).toBe('185.184,00');
    expect(german.res.headers['content-disposition']).toContain(`kostenbericht-${String(c.caseNumber)}.pdf`);

    const pref = await call(t.app, agent, {
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      body: { language: 'da' },
    });
    expect(pref.statusCode, pref.body).toBe(200);
    const danish = await getPdf(agent, `${PDF}/${String(c.id)}`);
    expect(danish.pdf.text).toContain('Omkostningsrapport');
    expect(danish.pdf.pages[0]).toContain(`Side 1 af ${String(danish.pdf.pages.length)}`);
  });

  it('is 404 for a case of another store, 403 where costReg is off', async () => {
    const other = await createStore(t.db);
    const otherCase = await createCase(t.db, other.tenantId);
    const res = await call(t.app, agent, { url: `${PDF}/${String(otherCase.id)}` });
    expect(res.statusCode).toBe(404);
    const off = await createStore(t.db, { features: { ...DEFAULT_FEATURES, costReg: false } });
    const offUser = await signIn(t.app, await createUser(t.db, off.tenantId));
    const offCase = await createCase(t.db, off.tenantId);
    expect((await call(t.app, offUser, { url: `${PDF}/${String(offCase.id)}` })).statusCode).toBe(403);
    expect(
      (await call(t.app, offUser, { url: `${PDF}?fromDate=2026-01-01&toDate=2026-01-31` })).statusCode,
    ).toBe(403);
    await setStoreConfig(t.db, off.tenantId, 'feature', DEFAULT_FEATURES);
  });
});

describe('the supplier statement of a period', () => {
  let inPeriod: { id: number; caseNumber: number }[] = [];
  let ofOther: { caseNumber: number };
  let outside: { caseNumber: number };

  beforeAll(async () => {
    const supplier = { id: supplierId, name: SUPPLIER };
    inPeriod = [];
    for (const [i, day] of ['2026-03-01', '2026-03-15', '2026-03-31'].entries()) {
      const c = await caseOn(`${day}T12:00:00Z`, supplier, { customerName: `Kunde ${String(i)} Ærlig` });
      await addLine(c.id, { amountMinor: 10_000 * (i + 1) });
      await addLine(c.id, { amountMinor: 777, paidBy: 'store' });
      if (i > 0) await addNote(c.id, `KN-${String(i)}`, 4_000 * i);
      inPeriod.push(c);
    }
    // Written off: outstanding stays what it is, the state says so.
    const w = await call(t.app, agent, {
      method: 'PUT',
      url: `/v2/api/claims/${String(inPeriod[0]?.id)}/recovery`,
      body: { expectedCreditMinor: null, isWrittenOff: true, writeOffReason: 'Leverandør konkurs' },
    });
    expect(w.statusCode, w.body).toBe(200);
    const other = await caseOn('2026-03-10T12:00:00Z', { id: otherSupplierId, name: 'Other Supply AS' });
    await addLine(other.id, { amountMinor: 31_337 });
    ofOther = other;
    // 00:30 on 1 April in Oslo: 31 March in UTC.
    const late = await caseOn('2026-03-31T22:30:00Z', supplier);
    await addLine(late.id, { amountMinor: 42_424 });
    outside = late;
    // A case of the period without any costs is not on the statement.
    await caseOn('2026-03-20T12:00:00Z', supplier, { customerName: 'Uten Kostnader' });
  });

  it('lists the supplier’s cases of the period with totals equal to the sum of the API’s', async () => {
    const url = `${PDF}?fromDate=2026-03-01&toDate=2026-03-31&supplier=${String(supplierId)}&tz=Europe/Oslo`;
    const { res, pdf } = await getPdf(manager, url);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="leverandoroppgave-muller-olbrygg-aeoa-gmbh-2026-03-01-2026-03-31.pdf"',
    );
    const f = pdfFormat('nr', 'UTC');
    const text = pdf.text;
    expect(text).toContain(STORE_NAME);
    expect(text).toContain(`Leverandøroppgave – ${SUPPLIER}`);
    expect(text).toContain('01.03.2026 – 31.03.2026');
    expect(text).toContain('Side 1 av 1');
    expect(text).not.toContain('Uten Kostnader');
    const sums = { claimed: 0, credited: 0, outstanding: 0 };
    for (const c of inPeriod) {
      const { recovery } = await costsOf(c.id);
      sums.claimed += recovery.expectedCreditMinor;
      sums.credited += recovery.creditedMinor;
      sums.outstanding += recovery.unrecoveredMinor;
      const row = `${String(c.caseNumber)} `;
      expect(text).toContain(
        `${f.amount(recovery.expectedCreditMinor)} ${f.amount(recovery.creditedMinor)} ${f.amount(recovery.unrecoveredMinor)}`,
      );
      expect(text).toContain(row);
    }
    expect(sums.credited).toBe(12_000);
    expect(text).toContain(
      `Sum 3 saker ${f.amount(sums.claimed)} ${f.amount(sums.credited)} ${f.amount(sums.outstanding)}`,
    );
    expect(text).toContain(`Krevd ${f.amount(sums.claimed)}`);
    expect(text).toContain(`Utestående ${f.amount(sums.outstanding)}`);
    expect(text).toContain('Avskrevet');
    expect(text).not.toContain(f.amount(39_171));
    for (const c of [ofOther, outside]) expect(text).not.toMatch(new RegExp(`(^| )${String(c.caseNumber)} `));
  });

  it('counts the days in the reader’s time zone, and lists every supplier without one', async () => {
    // The late case is in March in UTC, in April in Oslo.
    const { pdf: utc } = await getPdf(admin, `${PDF}?fromDate=2026-03-01&toDate=2026-03-31&lang=en`);
    const { pdf: oslo } = await getPdf(
      admin,
      `${PDF}?fromDate=2026-04-01&toDate=2026-04-30&lang=en&tz=Europe/Oslo`,
    );
    expect(utc.text).toContain('All suppliers');
    expect(utc.text).toContain('Other Supply AS');
    expect(utc.text).toContain('5 cases');
    expect(oslo.text).toContain('1 case');
    const en = pdfFormat('en', 'UTC');
    expect(oslo.text).toContain(en.amount(53_030));
    expect(en.amount(53_030)).toBe('530.30');
    const march = await getPdf(admin, `${PDF}?fromDate=2026-03-01&toDate=2026-03-31&tz=Europe/Oslo`);
    expect(march.pdf.text).toContain('4 saker');
  });

  it('says so when the period has no cases', async () => {
    const { pdf } = await getPdf(admin, `${PDF}?fromDate=2020-01-01&toDate=2020-12-31&lang=en`);
    expect(pdf.text).toContain('No cases with costs or credit notes in this period.');
    expect(pdf.text).toContain('Page 1 of 1');
  });

  it('refuses a bad period naming the field, and a supplier the store does not have (404)', async () => {
    const cases400: [string, string, string][] = [
      ['fromDate=2026-03-31&toDate=2026-03-01', 'toDate', 'date_before_start'],
      ['fromDate=2025-01-01&toDate=2026-01-02', 'toDate', 'period_too_long'],
      ['fromDate=2026-02-30&toDate=2026-03-01', 'fromDate', 'invalid_date'],
      ['toDate=2026-03-01', 'fromDate', 'required'],
      ['fromDate=2026-03-01&toDate=2026-03-02&supplier=abc', 'supplier', 'not_a_number'],
      ['fromDate=2026-03-01&toDate=2026-03-02&lang=sv', 'lang', 'not_an_option'],
      ['fromDate=2026-03-01&toDate=2026-03-02&tz=Mars/Olympus', 'tz', 'invalid'],
    ];
    for (const [query, field, code] of cases400) {
      const res = await call(t.app, admin, { url: `${PDF}?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{
        fieldErrors: Record<string, string>;
        fieldIssues: Record<string, { code: string }>;
      }>();
      expect(Object.keys(body.fieldErrors), query).toContain(field);
      if (code !== 'required') expect(body.fieldIssues[field]?.code, query).toBe(code);
    }
    // A whole leap year is within the limit.
    await getPdf(admin, `${PDF}?fromDate=2028-01-01&toDate=2028-12-31`);

    const other = await createStore(t.db);
    const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    const foreign = await call(t.app, otherAdmin, {
      url: `${PDF}?fromDate=2026-03-01&toDate=2026-03-31&supplier=${String(supplierId)}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toMatch(/Supplier/);
    expect(foreign.body).not.toContain(SUPPLIER);
  });

  it('is for administrators and managers: other staff get 403', async () => {
    const res = await call(t.app, agent, { url: `${PDF}?fromDate=2026-03-01&toDate=2026-03-31` });
    expect(res.statusCode).toBe(403);
  });
});

describe('every language', () => {
  it.each<[TLanguage, string, string]>([
    ['en', 'Cost report', 'Page 1 of 1'],
    ['nr', 'Kostnadsrapport', 'Side 1 av 1'],
    ['da', 'Omkostningsrapport', 'Side 1 af 1'],
    ['de', 'Kostenbericht', 'Seite 1 von 1'],
  ])('%s', async (lang, title, page) => {
    const c = await caseOn('2026-05-05T10:00:00Z', null);
    await addLine(c.id, { amountMinor: 100_000_000 });
    const { pdf } = await getPdf(agent, `${PDF}/${String(c.id)}?lang=${lang}`);
    expect(pdf.text).toContain(title);
    expect(pdf.text).toContain(page);
    expect(pdf.text).toContain(pdfFormat(lang, 'UTC').amount(125_000_000));
    await t.db.update(cases).set({ deletedAt: new Date() }).where(eq(cases.id, c.id));
    expect((await call(t.app, agent, { url: `${PDF}/${String(c.id)}` })).statusCode).toBe(404);
  });
});
