/** The case lists as CSV through HTTP: dialect per language, quoting, formula guard, the list's filters, tenancy, streaming. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_FEATURES,
  type TCaseListRow,
  type TListCasesResponse,
} from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, XSRF, type Session } from '../helpers/api';
import {
  createCase,
  createContact,
  createStore,
  createUser,
  setStoreConfig,
  type StoreFixture,
} from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { csvRecords, readCsv } from './csv-read';

let t: TestApp;
let store: StoreFixture;
let session: Session;
let other: Session;
/** The store's first case number (numbering starts past 10000). */
let firstNumber = 0;

const exportCases = (query: string, as: Session = session) =>
  call(t.app, as, { url: `/v2/api/exports/cases?${query}` });

/** Every page of the list the screen shows, following nextCursor. */
async function listAll(query: string, as: Session = session): Promise<TCaseListRow[]> {
  const rows: TCaseListRow[] = [];
  let cursor: string | null = null;
  do {
    const response = await call(t.app, as, {
      url: `/v2/api/claims?${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<TListCasesResponse>();
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 9, 30) + n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'nr', features: { ...DEFAULT_FEATURES, supportClaim: true } });
  const agent = await createUser(t.db, store.tenantId, { firstName: 'Åse', lastName: 'Øvrebø' });
  session = await signIn(t.app, agent);
  for (let i = 0; i < 30; i += 1) {
    const row = await createCase(t.db, store.tenantId, {
      customerName: `Kunde ${String(i)}`,
      status: i % 3 === 0 ? 'resolved' : 'new',
      assignee: i % 2 === 0 ? agent.username : null,
      unreadMailCount: i % 4,
      createdAt: day(i),
      updatedAt: day(i % 5),
      items: [{ productName: i % 5 === 0 ? 'Kaffetrakter' : 'Vannkoker' }],
      ...(i === 0 && { statusClaim: 'not-sent', statusCustomer: 'waiting', statusWareHouse: 'returned' }),
    });
    if (i === 0) firstNumber = row.caseNumber;
  }
  await createCase(t.db, store.tenantId, { customerName: 'Arkivert', isArchived: true });
  await createCase(t.db, store.tenantId, { customerName: 'Support', workFlow: 'support' });
  // Text a spreadsheet would misread: a formula, separators of both dialects, quotes, a line break.
  await createCase(t.db, store.tenantId, {
    customerName: '=HYPERLINK("http://evil.test","Klikk")',
    customerEmail: '@evil.test',
    orderReference: 'A;B, "C"',
    itemsSummary: 'Linje 1\r\nLinje 2',
    createdAt: new Date('2026-07-01T22:30:00Z'),
    updatedAt: new Date('2026-07-01T22:30:00Z'),
  });
  const otherStore = await createStore(t.db);
  await createCase(t.db, otherStore.tenantId, { customerName: 'Annen butikk qxother' });
  other = await signIn(t.app, await createUser(t.db, otherStore.tenantId));
});
afterAll(() => t.close());

describe('GET /v2/api/exports/cases', () => {
  it('answers a download: UTF-8 with a BOM, ; and day.month.year in Norwegian', async () => {
    const response = await exportCases('type=open&workFlow=claim&sort=caseNumber&direction=asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cases-claim-open-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows } = readCsv(response.rawPayload, ';');
    expect(rows[0]).toEqual([
      'Saksnummer',
      'Status',
      'Kunde',
      'Kundens e-post',
      'Ordrereferanse',
      'Varer',
      'Leverandør',
      'Saksbehandler',
      'Reklamasjonsstatus',
      'Kreditnota',
      'Kundestatus',
      'Lager',
      'Uleste e-poster',
      'Usendte e-poster',
      'Opprettet',
      'Oppdatert',
    ]);
    const records = csvRecords(rows);
    expect(records).toHaveLength(31);
    expect(records[0]).toMatchObject({
      Saksnummer: String(firstNumber),
      Status: 'Løst',
      Kunde: 'Kunde 0',
      Varer: 'Kaffetrakter',
      Saksbehandler: 'Åse Øvrebø',
      // The status options in words, as the screens show them, not their codes.
      Reklamasjonsstatus: 'Ikke sendt',
      Kundestatus: 'Venter',
      Lager: 'Returnert',
      Opprettet: '01.01.2026 09:30',
    });
    expect(records[1]).toMatchObject({ Status: 'Ny', Saksbehandler: '' });
  });

  it('writes the store’s own status words, as the forms and lists page saved them', async () => {
    const own = await createStore(t.db, { language: 'en' });
    const ownSession = await signIn(t.app, await createUser(t.db, own.tenantId));
    await setStoreConfig(t.db, own.tenantId, 'status-options.claim', {
      ...DEFAULT_CLAIM_STATUS_OPTIONS,
      statuses: DEFAULT_CLAIM_STATUS_OPTIONS.statuses.map((s) =>
        s.value === 'new' ? { ...s, label: 'store.status-options-claim-new' } : s,
      ),
    });
    await setStoreConfig(t.db, own.tenantId, 'translations', {
      en: { store: { 'status-options-claim-new': 'Fresh in' } },
    });
    await createCase(t.db, own.tenantId, { customerName: 'Own words', status: 'new', statusClaim: 'sent' });
    const response = await call(t.app, ownSession, {
      url: '/v2/api/exports/cases?type=open&workFlow=claim',
    });
    expect(response.statusCode, response.body).toBe(200);
    const records = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(records[0]).toMatchObject({ Status: 'Fresh in', 'Claim status': 'Sent to supplier' });
  });

  it('writes , and ISO dates in English, times in the zone asked for', async () => {
    const response = await exportCases(
      'type=open&workFlow=claim&sort=caseNumber&direction=desc&language=en&timeZone=Europe/Oslo',
    );
    expect(response.statusCode, response.body).toBe(200);
    const records = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(Object.keys(records[0] ?? {})).toContain('Case number');
    // The last case was made at 22:30 UTC on 1 July: 00:30 the next day in Oslo.
    expect(records[0]).toMatchObject({ Created: '2026-07-02 00:30', Status: 'New' });
    expect(records.at(-1)).toMatchObject({ 'Case number': String(firstNumber), Created: '2026-01-01 10:30' });
  });

  it('quotes per RFC 4180 and guards formulas with an apostrophe', async () => {
    const response = await exportCases('type=open&workFlow=claim&sort=caseNumber&direction=desc&language=en');
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Klikk"")"`);
    const [record] = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(record).toMatchObject({
      Customer: `'=HYPERLINK("http://evil.test","Klikk")`,
      'Customer email': "'@evil.test",
      'Order reference': 'A;B, "C"',
      Items: 'Linje 1\r\nLinje 2',
    });
  });

  it('exports exactly what the list shows, every page, with its filters, search and order', async () => {
    for (const query of [
      'type=open&workFlow=claim',
      'type=open&workFlow=claim&status=new&sort=createdAt&direction=asc',
      `type=open&workFlow=claim&assignee=unassigned&sort=caseNumber`,
      'type=open&workFlow=claim&search=kaffetrakter',
      'type=open&workFlow=claim&hasUnread=true&createdFrom=2026-01-05&createdTo=2026-01-20',
      'type=archive&workFlow=claim',
      'type=open&workFlow=support',
    ]) {
      const listed = await listAll(query);
      const response = await exportCases(`${query}&language=en`);
      expect(response.statusCode, response.body).toBe(200);
      const records = csvRecords(readCsv(response.rawPayload, ',').rows);
      expect(
        records.map((r) => Number(r['Case number'])),
        query,
      ).toEqual(listed.map((r) => r.caseNumber));
      // The unread column adds up to what the list's badges show.
      const sum = records.reduce((total, r) => total + Number(r['Unread mails']), 0);
      expect(sum, query).toBe(listed.reduce((total, r) => total + r.unreadMailCount, 0));
    }
  });

  it('refuses bad input with the field named (400), an unknown workflow with 404', async () => {
    for (const [query, field] of [
      ['type=open&workFlow=claim&language=xx', 'language'],
      ['type=open&workFlow=claim&timeZone=Mars/Olympus', 'timeZone'],
      ['type=open&workFlow=claim&createdFrom=2026-13-01', 'createdFrom'],
      [`type=open&workFlow=claim&search=${'x'.repeat(201)}`, 'search'],
      ['type=sideways&workFlow=claim', 'type'],
    ] as const) {
      const response = await exportCases(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors), query).toContain(field);
    }
    expect((await exportCases('type=open&workFlow=nosuchflow')).statusCode).toBe(404);
  });

  it('never shows another store’s cases', async () => {
    const mine = await exportCases('type=open&workFlow=claim&language=en');
    expect(mine.body).not.toContain('qxother');
    const theirs = await exportCases('type=open&workFlow=claim&language=en', other);
    expect(theirs.statusCode).toBe(200);
    const records = csvRecords(readCsv(theirs.rawPayload, ',').rows);
    expect(records.map((r) => r.Customer)).toEqual(['Annen butikk qxother']);
    // Store A's token sent with store B's tenant header is refused.
    const crossed = await call(
      t.app,
      { ...session, tenantId: other.tenantId },
      {
        url: '/v2/api/exports/cases?type=open&workFlow=claim',
      },
    );
    expect([401, 403]).toContain(crossed.statusCode);
  });

  it('refuses a one-time-code contact: exports are for staff', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await createCase(t.db, store.tenantId, { customerName: 'Deltaker', participants: [contact.email] });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const response = await exportCases('type=open&workFlow=claim&language=en', otp);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.body).not.toContain('Deltaker');
  });
});

describe('a large export', () => {
  it('streams 6,000 cases in many chunks, each case once', async () => {
    const big = await createStore(t.db);
    const user = await createUser(t.db, big.tenantId);
    await t.db.execute(sql`
      INSERT INTO cases (tenant_id, case_number, work_flow, status, customer_name, created_by, created_at, updated_at)
      SELECT ${big.tenantId}, g, 'claim', 'new', 'Kunde nummer ' || g, 'bulk@test',
        timestamp '2026-01-01' + g * interval '1 minute', timestamp '2026-01-01' + (g % 500) * interval '1 minute'
      FROM generate_series(1, 6000) g`);
    const bigSession = await signIn(t.app, user);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const chunks: Buffer[] = await new Promise((resolve, reject) => {
      const received: Buffer[] = [];
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/v2/api/exports/cases?type=open&workFlow=claim&language=en',
            headers: {
              authorization: `Bearer ${bigSession.token}`,
              'x-tenant-id': bigSession.tenantId,
              cookie: `XSRF-TOKEN=${XSRF}`,
            },
          },
          (response) => {
            expect(response.statusCode).toBe(200);
            // Streamed: no length known up front, sent in chunks as the rows are read.
            expect(response.headers['transfer-encoding']).toBe('chunked');
            response.on('data', (chunk: Buffer) => received.push(chunk));
            response.on('end', () => resolve(received));
            response.on('error', reject);
          },
        )
        .on('error', reject);
    });
    expect(chunks.length).toBeGreaterThan(5);
    const records = csvRecords(readCsv(Buffer.concat(chunks), ',').rows);
    expect(records).toHaveLength(6000);
    expect(new Set(records.map((r) => r['Case number'])).size).toBe(6000);
    // The list's order (updated, newest first; id breaks ties) across the batches' seams.
    const updated = records.map((r) => r.Updated ?? '');
    expect(updated).toEqual([...updated].sort().reverse());
  });
});
