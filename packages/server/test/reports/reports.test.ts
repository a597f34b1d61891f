/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand below:
 * mail in and out and time to first answer, case counts and resolution times, supplier figures
 * that match each case's Costs tab, the period's checks, who may read them, and the CSV files.
 */
import type {
  TCaseCosts,
  TGetCaseReportResponse,
  TGetMailReportResponse,
  TGetSupplierReportResponse,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxes, mailLogs, supplierAnswers } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let manager: Session;
let agent: Session;
let other: Session;
const ids = { c1: 0, c2: 0, c3: 0, c4: 0, c5: 0, c7: 0, x: 0, y: 0, m1: 0, m2: 0 };
let agentOne = '';
let agentTwo = '';

const at = (iso: string) => new Date(iso);
const get = async <T>(url: string, session = admin): Promise<T> => {
  const res = await call(t.app, session, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

async function supplier(name: string, session = admin): Promise<number> {
  const res = await call(t.app, session, { method: 'POST', url: '/v2/api/suppliers', body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function post(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await call(t.app, admin, { method, url, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const line = (amountMinor: number, vatRate: number, paidBy: string) => ({
  costType: 'shipping',
  amountMinor,
  currency: 'NOK',
  vatRate,
  costDate: '2026-02-01',
  paidBy,
});

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  manager = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['MANAGER_USER'] }));
  const one = await createUser(t.db, store.tenantId, { firstName: 'Ola', lastName: 'Nordmann' });
  const two = await createUser(t.db, store.tenantId, { firstName: 'Kari', lastName: 'Holm' });
  agentOne = one.username;
  agentTwo = two.username;
  agent = await signIn(t.app, one);
  const otherStore = await createStore(t.db);
  other = await signIn(t.app, await createUser(t.db, otherStore.tenantId, { roles: ['ADMIN_USER'] }));

  ids.x = await supplier('Xenon AS');
  ids.y = await supplier('Ypsilon GmbH');
  const claim = (values: Parameters<typeof createCase>[2]) => createCase(t.db, store.tenantId, values);
  ids.c1 = (
    await claim({
      createdAt: at('2026-01-05T10:00:00Z'),
      closedAt: at('2026-01-06T10:00:00Z'),
      status: 'resolved',
      supplierId: ids.x,
      supplierName: 'Xenon AS',
      assignee: agentOne,
    })
  ).id;
  ids.c2 = (
    await claim({
      createdAt: at('2026-01-20T00:00:00Z'),
      closedAt: at('2026-01-22T00:00:00Z'),
      status: 'resolved',
      supplierId: ids.x,
      supplierName: 'Xenon AS',
      assignee: agentOne,
    })
  ).id;
  ids.c3 = (
    await claim({
      createdAt: at('2026-02-10T12:00:00Z'),
      status: 'in-progress',
      supplierId: ids.y,
      supplierName: 'Ypsilon GmbH',
      assignee: agentTwo,
    })
  ).id;
  ids.c4 = (
    await claim({
      workFlow: 'support',
      createdAt: at('2026-03-01T00:00:00Z'),
      closedAt: at('2026-03-01T06:00:00Z'),
      status: 'resolved',
    })
  ).id;
  // Created before the period, closed in it: counted by its closing date only.
  ids.c5 = (
    await claim({
      createdAt: at('2025-12-31T23:00:00Z'),
      closedAt: at('2026-01-02T00:00:00Z'),
      status: 'resolved',
      supplierId: ids.x,
      supplierName: 'Xenon AS',
    })
  ).id;
  // Deleted: counted nowhere.
  await claim({ createdAt: at('2026-01-10T00:00:00Z'), deletedAt: at('2026-01-11T00:00:00Z') });
  ids.c7 = (
    await claim({
      createdAt: at('2026-02-15T00:00:00Z'),
      status: 'new',
      supplierId: ids.x,
      supplierName: 'Xenon AS',
      purchaseDate: '2025-06-01',
    })
  ).id;

  // Costs and credit notes through the Costs tab's own calls.
  const claims = (id: number) => `/v2/api/claims/${String(id)}`;
  await post(`${claims(ids.c1)}/costs`, line(10_000, 25, 'supplier'));
  await post(`${claims(ids.c1)}/credit-notes`, {
    number: 'K-1',
    noteDate: '2026-02-02',
    amountMinor: 5_000,
    currency: 'NOK',
  });
  await post(`${claims(ids.c2)}/costs`, line(20_000, 25, 'store'));
  await post(`${claims(ids.c2)}/recovery`, { expectedCreditMinor: 10_000, isWrittenOff: false }, 'PUT');
  await post(`${claims(ids.c2)}/credit-notes`, {
    number: 'K-2',
    noteDate: '2026-02-03',
    amountMinor: 12_000,
    currency: 'NOK',
  });
  await post(`${claims(ids.c3)}/costs`, line(8_000, 0, 'supplier'));
  const answer = (caseId: number, outcome: string, createdAt: string) => ({
    tenantId: store.tenantId,
    caseId,
    outcome,
    answeredBy: 'contact@supplier.test',
    createdAt: at(createdAt),
  });
  await t.db
    .insert(supplierAnswers)
    .values([
      answer(ids.c1, 'accepted', '2026-01-06T00:00:00Z'),
      answer(ids.c2, 'declined', '2026-01-21T00:00:00Z'),
      answer(ids.c2, 'partly', '2026-01-21T12:00:00Z'),
      answer(ids.c3, 'declined', '2026-02-11T00:00:00Z'),
    ]);

  const [m1, m2] = await t.db
    .insert(mailboxes)
    .values([
      { tenantId: store.tenantId, address: `support@${store.tenantId}.test`, kind: 'forward' },
      { tenantId: store.tenantId, address: `claims@${store.tenantId}.test`, kind: 'forward' },
    ])
    .returning();
  ids.m1 = m1?.id ?? 0;
  ids.m2 = m2?.id ?? 0;
  let n = 0;
  const mail = (values: {
    caseId: number | null;
    mailboxId: number;
    direction: 'in' | 'out';
    createdAt: string;
    sendState?: string;
    isDeleted?: boolean;
  }) => ({
    tenantId: store.tenantId,
    messageId: `<r${String((n += 1))}@reports.test>`,
    ...values,
    createdAt: at(values.createdAt),
    sentAt: values.sendState === 'sent' ? at(values.createdAt) : null,
  });
  await t.db.insert(mailLogs).values([
    mail({ caseId: ids.c1, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-05T10:00:00Z' }),
    mail({
      caseId: ids.c1,
      mailboxId: ids.m1,
      direction: 'out',
      createdAt: '2026-01-05T12:00:00Z',
      sendState: 'sent',
    }),
    mail({ caseId: ids.c2, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-20T00:00:00Z' }),
    mail({
      caseId: ids.c2,
      mailboxId: ids.m1,
      direction: 'out',
      createdAt: '2026-01-21T00:00:00Z',
      sendState: 'sent',
    }),
    mail({ caseId: ids.c2, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-21T06:00:00Z' }),
    mail({ caseId: ids.c3, mailboxId: ids.m2, direction: 'in', createdAt: '2026-01-13T00:00:00Z' }),
    mail({
      caseId: ids.c3,
      mailboxId: ids.m2,
      direction: 'out',
      createdAt: '2026-01-13T01:00:00Z',
      sendState: 'draft',
    }),
    mail({
      caseId: ids.c3,
      mailboxId: ids.m2,
      direction: 'out',
      createdAt: '2026-01-13T02:00:00Z',
      sendState: 'pending',
    }),
    mail({
      caseId: ids.c3,
      mailboxId: ids.m2,
      direction: 'in',
      createdAt: '2026-01-13T03:00:00Z',
      isDeleted: true,
    }),
    mail({ caseId: null, mailboxId: ids.m2, direction: 'in', createdAt: '2026-01-14T00:00:00Z' }),
    mail({ caseId: ids.c5, mailboxId: ids.m1, direction: 'in', createdAt: '2025-12-31T23:30:00Z' }),
  ]);
});
afterAll(() => t.close());

describe('mail report', () => {
  it('counts mail in and out per week and mailbox, and the median time to the first answer', async () => {
    const r = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31&interval=week',
    );
    expect(r.period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(r.buckets.map((b) => [b.start, b.in, b.out])).toEqual([
      ['2025-12-29', 0, 0],
      ['2026-01-05', 1, 1],
      ['2026-01-12', 2, 0],
      ['2026-01-19', 2, 1],
      ['2026-01-26', 0, 0],
    ]);
    expect(r.totals).toEqual({ in: 5, out: 2, conversations: 3, answered: 2, medianHoursToFirstAnswer: 13 });
    expect(r.mailboxes).toEqual([
      {
        mailboxId: ids.m1,
        address: `support@${store.tenantId}.test`,
        in: 3,
        out: 2,
        conversations: 2,
        answered: 2,
        medianHoursToFirstAnswer: 13,
      },
      {
        mailboxId: ids.m2,
        address: `claims@${store.tenantId}.test`,
        in: 2,
        out: 0,
        conversations: 1,
        answered: 0,
        medianHoursToFirstAnswer: null,
      },
    ]);
  });

  it('answers every day of a period, and nothing of another store', async () => {
    const days = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31&interval=day',
    );
    expect(days.buckets).toHaveLength(31);
    expect(days.buckets.find((b) => b.start === '2026-01-21')).toMatchObject({ in: 1, out: 1 });
    const theirs = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31',
      other,
    );
    expect(theirs.totals).toMatchObject({ in: 0, out: 0, conversations: 0 });
    expect(theirs.mailboxes).toEqual([]);
  });
});

describe('report days in the reader’s time zone', () => {
  it('counts a mail at 00:30 in Oslo on its own day, not the day before as UTC would', async () => {
    // The mail of 2025-12-31 23:30 UTC is 1 January 00:30 in Oslo.
    const path = '/v2/api/reports/mails?from=2026-01-01&to=2026-01-02&interval=day';
    const oslo = await get<TGetMailReportResponse>(`${path}&timeZone=Europe/Oslo`);
    expect(oslo.buckets.find((b) => b.start === '2026-01-01')).toMatchObject({ in: 1 });
    const utc = await get<TGetMailReportResponse>(path);
    expect(utc.buckets.find((b) => b.start === '2026-01-01')).toMatchObject({ in: 0 });
    // And the period's last day ends at midnight in Oslo: 31 December 23:30 UTC is inside 1 January.
    const december = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2025-12-01&to=2025-12-31&interval=day&timeZone=Europe/Oslo',
    );
    expect(december.totals.in).toBe(0);
  });

  it('refuses a time zone that is not one', async () => {
    const response = await call(t.app, admin, {
      url: '/v2/api/reports/mails?from=2026-01-01&to=2026-01-02&timeZone=Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors.timeZone).toMatch(/time zone/);
  });
});

describe('case report', () => {
  it('counts the cases created in the period by month, open by status, and resolution times', async () => {
    const r = await get<TGetCaseReportResponse>('/v2/api/reports/cases?from=2026-01-01&to=2026-03-31');
    expect(r).toMatchObject({ basis: 'created', interval: 'month' });
    expect(r.buckets).toEqual([
      { start: '2026-01-01', cases: 2, closed: 2, open: 0 },
      { start: '2026-02-01', cases: 2, closed: 0, open: 2 },
      { start: '2026-03-01', cases: 1, closed: 1, open: 0 },
    ]);
    expect(r.totals).toEqual({ cases: 5, closed: 3, open: 2 });
    expect(r.openByStatus).toEqual([
      { workFlow: 'claim', status: 'in-progress', count: 1 },
      { workFlow: 'claim', status: 'new', count: 1 },
    ]);
    // Claims closed after 24 and 48 hours: median 36, 90th percentile 24 + 0.9 × 24 = 45.6.
    expect(r.resolution.byWorkflow).toEqual([
      { key: 'claim', label: 'claim', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: 'support', label: 'support', closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
    expect(r.resolution.bySupplier).toEqual([
      { key: String(ids.x), label: 'Xenon AS', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: null, label: null, closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
    expect(r.resolution.byAgent).toEqual([
      { key: agentOne, label: 'Ola Nordmann', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: null, label: null, closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
  });

  it('counts by the closing date or the purchase date when asked', async () => {
    const closed = await get<TGetCaseReportResponse>(
      '/v2/api/reports/cases?from=2026-01-01&to=2026-03-31&basis=closed',
    );
    expect(closed.totals).toEqual({ cases: 4, closed: 4, open: 0 });
    expect(closed.buckets.map((b) => b.cases)).toEqual([3, 0, 1]);
    const bought = await get<TGetCaseReportResponse>(
      '/v2/api/reports/cases?from=2025-06-01&to=2025-06-30&basis=purchase&interval=day',
    );
    expect(bought.totals).toEqual({ cases: 1, closed: 0, open: 1 });
    expect(bought.buckets.find((b) => b.cases > 0)?.start).toBe('2025-06-01');
  });
});

describe('supplier report', () => {
  it('gives cases, acceptance, costs, credit and outstanding per supplier as the Costs tab reckons them', async () => {
    const r = await get<TGetSupplierReportResponse>(
      '/v2/api/reports/suppliers?from=2026-01-01&to=2026-03-31',
    );
    expect(r.currency).toBe('NOK');
    expect(r.rows).toEqual([
      {
        key: String(ids.x),
        name: 'Xenon AS',
        cases: 3,
        answered: 2,
        acceptanceRate: 0.75,
        costsMinor: 37_500,
        expectedMinor: 22_500,
        creditedMinor: 17_000,
        recoveryRate: 17_000 / 22_500,
        outstandingMinor: 7_500,
      },
      {
        key: String(ids.y),
        name: 'Ypsilon GmbH',
        cases: 1,
        answered: 1,
        acceptanceRate: 0,
        costsMinor: 8_000,
        expectedMinor: 8_000,
        creditedMinor: 0,
        recoveryRate: 0,
        outstandingMinor: 8_000,
      },
    ]);
    expect(r.totals).toMatchObject({
      cases: 4,
      answered: 3,
      acceptanceRate: 0.5,
      costsMinor: 45_500,
      creditedMinor: 17_000,
      outstandingMinor: 15_500,
    });
    // The same sums from each case's Costs tab.
    const tabs = await Promise.all(
      [ids.c1, ids.c2, ids.c3, ids.c7].map((id) => get<TCaseCosts>(`/v2/api/claims/${String(id)}/costs`)),
    );
    const sum = (pick: (c: TCaseCosts) => number) => tabs.reduce((s, c) => s + pick(c), 0);
    expect(sum((c) => c.totals.grossMinor)).toBe(r.totals.costsMinor);
    expect(sum((c) => c.recovery.creditedMinor)).toBe(r.totals.creditedMinor);
    expect(sum((c) => c.recovery.expectedCreditMinor)).toBe(r.totals.expectedMinor);
    expect(sum((c) => c.recovery.unrecoveredMinor)).toBe(r.totals.outstandingMinor);
  });

  it('shows another store none of these suppliers', async () => {
    const theirs = await get<TGetSupplierReportResponse>('/v2/api/reports/suppliers', other);
    expect(theirs.rows).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Xenon');
  });
});

describe('report access and periods', () => {
  it('is for administrators and managers', async () => {
    expect((await call(t.app, manager, { url: '/v2/api/reports/cases' })).statusCode).toBe(200);
    for (const url of ['/v2/api/reports/mails', '/v2/api/reports/cases', '/v2/api/reports/suppliers/csv']) {
      expect((await call(t.app, agent, { url })).statusCode).toBe(403);
    }
  });

  it('refuses a period longer than three years or ending before it starts, naming the field', async () => {
    const tooLong = await call(t.app, admin, { url: '/v2/api/reports/cases?from=2020-01-01&to=2026-01-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldIssues: { to: { code: 'period_too_long', params: { max: 1096 } } },
    });
    const openEnded = await call(t.app, admin, { url: '/v2/api/reports/suppliers?from=2020-01-01' });
    expect(openEnded.statusCode).toBe(400);
    expect(openEnded.json()).toMatchObject({ fieldIssues: { from: { code: 'period_too_long' } } });
    const reversed = await call(t.app, admin, { url: '/v2/api/reports/mails?from=2026-02-01&to=2026-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ fieldIssues: { to: { code: 'date_before_start' } } });
    const notADate = await call(t.app, admin, { url: '/v2/api/reports/mails?from=2026-02-30' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toMatchObject({ fieldIssues: { from: { code: 'invalid_date' } } });
    const badBasis = await call(t.app, admin, { url: '/v2/api/reports/cases?basis=updated' });
    expect(badBasis.statusCode).toBe(400);
    expect(badBasis.json()).toMatchObject({ fieldIssues: { basis: { code: 'not_an_option' } } });
  });
});

describe('report CSV files', () => {
  const csv = async (url: string) => {
    const res = await call(t.app, admin, { url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('writes the mail table in English with commas, its In column summing to the total', async () => {
    const lines = await csv(
      '/v2/api/reports/mails/csv?from=2026-01-01&to=2026-01-31&interval=week&language=en',
    );
    expect(lines[0]).toBe('Period from,Mailbox,Mails in,Mails out');
    expect(lines).toContain(`2026-01-05,support@${store.tenantId}.test,1,1`);
    const inSum = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[2]), 0);
    expect(inSum).toBe(5);
  });

  it('writes the supplier table in Norwegian with semicolons and decimal commas', async () => {
    const lines = await csv('/v2/api/reports/suppliers/csv?from=2026-01-01&to=2026-03-31&language=nr');
    expect(lines[0]?.split(';')).toEqual([
      'Leverandør',
      'Saker',
      'Besvart',
      'Godkjenningsgrad (%)',
      'Kostnader (NOK)',
      'Forventet kreditt (NOK)',
      'Kreditert (NOK)',
      'Gjenvinningsgrad (%)',
      'Utestående (NOK)',
    ]);
    expect(lines[1]).toBe('Xenon AS;3;2;75;375,00;225,00;170,00;75,6;75,00');
    const outstanding = lines.slice(1).reduce((s, l) => s + Number(l.split(';')[8]?.replace(',', '.')), 0);
    expect(outstanding).toBe(155);
  });

  it('writes cases per month in German dates, open ones by status, and resolution times', async () => {
    const cases = await csv('/v2/api/reports/cases/csv?from=2026-01-01&to=2026-03-31&language=de');
    expect(cases).toEqual([
      'Zeitraum ab;Fälle;Geschlossen;Offen',
      '01.01.2026;2;2;0',
      '01.02.2026;2;0;2',
      '01.03.2026;1;1;0',
    ]);
    const resolution = await csv('/v2/api/reports/resolution/csv?from=2026-01-01&to=2026-03-31&language=da');
    expect(resolution).toContain('Arbejdsgang;claim;2;36;45,6');
    expect(resolution).toContain('Medarbejder;Ingen;1;6;6');
    const statuses = await csv('/v2/api/reports/statuses/csv?from=2026-01-01&to=2026-03-31&language=en');
    expect(statuses).toEqual(['Workflow,Status,Open', 'claim,in-progress,1', 'claim,new,1']);
  });
});
