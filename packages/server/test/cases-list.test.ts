/** Case lists through HTTP: open and archive, filters, sort, keyset paging, full-text search, participants. */
import {
  DEFAULT_FEATURES,
  ZCaseListRow,
  ZListCasesResponse,
  type TCaseListRow,
  type TListCasesResponse,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from './helpers/api';
import {
  createCase,
  createContact,
  createItemType,
  createStore,
  createUser,
  setStoreConfig,
  type StoreFixture,
  type UserFixture,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let agent: UserFixture;
let session: Session;

const list = async (query: string, as: Session = session) => {
  const response = await call(t.app, as, { url: `/v2/api/claims?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListCasesResponse>();
};

/** Every page of a list, following nextCursor. */
async function allPages(
  query: string,
  as: Session = session,
): Promise<{ pages: number; rows: TCaseListRow[] }> {
  const rows: TCaseListRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: TListCasesResponse = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
    rows.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { pages, rows };
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { features: { ...DEFAULT_FEATURES, supportClaim: true } });
  agent = await createUser(t.db, store.tenantId);
  session = await signIn(t.app, agent);
  // 57 open claims with three timestamps in common (ties that the id must break), 3 archived, 2 support.
  for (let i = 0; i < 57; i += 1) {
    await createCase(t.db, store.tenantId, {
      customerName: `Customer ${i}`,
      createdAt: day(i % 19),
      updatedAt: day(i % 3),
      status: i % 2 === 0 ? 'new' : 'in-progress',
    });
  }
  for (let i = 0; i < 3; i += 1) {
    await createCase(t.db, store.tenantId, { customerName: `Archived ${i}`, isArchived: true });
  }
  for (let i = 0; i < 2; i += 1) {
    await createCase(t.db, store.tenantId, { customerName: `Support ${i}`, workFlow: 'support' });
  }
});
afterAll(() => t.close());

describe('open and archive lists', () => {
  it('pages through every open claim by keyset, in each sort, without duplicates or gaps', async () => {
    for (const sort of ['caseNumber', 'createdAt', 'updatedAt']) {
      for (const direction of ['asc', 'desc']) {
        const { pages, rows } = await allPages(
          `type=open&workFlow=claim&limit=10&sort=${sort}&direction=${direction}`,
        );
        expect(pages, `${sort} ${direction}`).toBe(6);
        expect(rows).toHaveLength(57);
        expect(new Set(rows.map((r) => r.id)).size).toBe(57);
        const keys = rows.map((r): [number, number] => [
          sort === 'caseNumber' ? r.caseNumber : Date.parse(r[sort as 'createdAt']),
          r.id,
        ]);
        const sorted = [...keys].sort(
          (x, y) => (x[0] - y[0] || x[1] - y[1]) * (direction === 'asc' ? 1 : -1),
        );
        expect(keys, `${sort} ${direction}`).toEqual(sorted);
      }
    }
  });

  it('answers 50 rows by default, newest change first, with the mail counts', async () => {
    const page = await list('type=open&workFlow=claim');
    expect(page.items).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
    expect(page.items[0]).toMatchObject({
      workFlow: 'claim',
      isArchived: false,
      unreadMailCount: 0,
      sendPendingMailCount: 0,
    });
    expect(Date.parse(page.items[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(page.items[49]?.updatedAt ?? ''),
    );
  });

  it('keeps archive and workflows apart', async () => {
    const archive = await list('type=archive&workFlow=claim');
    expect(archive.items.map((r) => r.customerName).sort()).toEqual([
      'Archived 0',
      'Archived 1',
      'Archived 2',
    ]);
    expect(archive.nextCursor).toBeNull();
    const support = await list('type=open&workFlow=support');
    expect(support.items.map((r) => r.customerName).sort()).toEqual(['Support 0', 'Support 1']);
  });

  it('filters by status, creation dates and unread mail', async () => {
    const news = await allPages('type=open&workFlow=claim&status=new&limit=50');
    expect(news.rows).toHaveLength(29);
    expect(news.rows.every((r) => r.status === 'new')).toBe(true);
    const early = await list('type=open&workFlow=claim&createdFrom=2026-01-02&createdTo=2026-01-03');
    // days 1 and 2 of the 19-day cycle: cases 1, 2, 20, 21, 39, 40
    expect(early.items).toHaveLength(6);
    expect((await list('type=open&workFlow=claim&hasUnread=true')).items).toHaveLength(0);
    expect((await list('type=open&workFlow=claim&hasUnread=false&limit=100')).items).toHaveLength(57);
  });

  it('filters by assignee and item type', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const kettle = await createItemType(t.db, s.tenantId, { key: 'kettle' });
    const toaster = await createItemType(t.db, s.tenantId, { key: 'toaster' });
    await createCase(t.db, s.tenantId, {
      customerName: 'A',
      assignee: 'x@s.test',
      items: [{ productName: 'K', itemTypeId: kettle.id }],
    });
    await createCase(t.db, s.tenantId, {
      customerName: 'B',
      items: [
        { productName: 'T', itemTypeId: toaster.id },
        { productName: 'K2', itemTypeId: kettle.id },
      ],
    });
    await createCase(t.db, s.tenantId, { customerName: 'C', assignee: 'x@s.test' });
    const names = async (q: string) =>
      (await list(`type=open&workFlow=claim&${q}`, as)).items.map((r) => r.customerName).sort();
    expect(await names('assignee=x%40s.test')).toEqual(['A', 'C']);
    expect(await names(`itemType=${kettle.id}`)).toEqual(['A', 'B']);
    expect(await names(`itemType=${toaster.id}`)).toEqual(['B']);
    expect(await names(`itemType=${toaster.id}&assignee=x%40s.test`)).toEqual([]);
  });

  it('filters the cases nobody is assigned to, alone, with other filters, with a search and page by page', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const kettle = await createItemType(t.db, s.tenantId, { key: 'kettle' });
    await createCase(t.db, s.tenantId, { customerName: 'Assigned', assignee: 'x@s.test' });
    await createCase(t.db, s.tenantId, {
      customerName: 'Free kettle',
      items: [{ productName: 'Kettle', itemTypeId: kettle.id }],
    });
    await createCase(t.db, s.tenantId, { customerName: 'Free toaster', status: 'waiting-supplier' });
    await createCase(t.db, s.tenantId, { customerName: 'Third one' });
    const names = async (q: string) =>
      (await list(`type=open&workFlow=claim&${q}`, as)).items.map((r) => r.customerName).sort();
    expect(await names('assignee=unassigned')).toEqual(['Free kettle', 'Free toaster', 'Third one']);
    expect(await names(`assignee=unassigned&itemType=${kettle.id}`)).toEqual(['Free kettle']);
    expect(await names('assignee=unassigned&status=waiting-supplier')).toEqual(['Free toaster']);
    expect(await names('assignee=unassigned&search=free')).toEqual(['Free kettle', 'Free toaster']);
    // A username still filters by that user, before and after the unassigned shape is rendered.
    expect(await names('assignee=x%40s.test')).toEqual(['Assigned']);
    const paged = await allPages('type=open&workFlow=claim&assignee=unassigned&limit=2', as);
    expect(paged.pages).toBe(2);
    expect(paged.rows.map((r) => r.assignee)).toEqual([null, null, null]);
  });

  it('offers no item-type filter on the support list by default, and does on the claim list', async () => {
    const filterKeys = async (workFlow: string) => {
      const response = await call(t.app, session, {
        url: `/v2/api/settings/initial-properties/json-config/search-filters.${workFlow}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ key: string }[]>().map((f) => f.key);
    };
    expect(await filterKeys('support')).not.toContain('itemType');
    expect(await filterKeys('support')).toContain('assignee');
    expect(await filterKeys('claim')).toContain('itemType');
  });

  it('filters by each status dimension, and pages by creation time', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const dims = {
      statusClaim: 'sent',
      statusCreditNote: 'received',
      statusCustomer: 'informed',
      statusWareHouse: 'shelved',
    };
    await createCase(t.db, s.tenantId, { customerName: 'All four', ...dims, createdAt: day(3) });
    await createCase(t.db, s.tenantId, {
      customerName: 'Claim only',
      statusClaim: 'sent',
      createdAt: day(2),
    });
    await createCase(t.db, s.tenantId, { customerName: 'None', createdAt: day(1) });
    const names = async (q: string) =>
      (await list(`type=open&workFlow=claim&${q}`, as)).items.map((r) => r.customerName).sort();
    expect(await names('statusClaim=sent')).toEqual(['All four', 'Claim only']);
    for (const [name, value] of Object.entries(dims).slice(1)) {
      expect(await names(`${name}=${value}`), name).toEqual(['All four']);
    }
    expect(await names('statusClaim=sent&statusWareHouse=shelved')).toEqual(['All four']);
    expect(await names('statusClaim=&status=&assignee=')).toEqual(['All four', 'Claim only', 'None']);
    const byCreation = await allPages('type=open&workFlow=claim&sort=createdAt&direction=asc&limit=1', as);
    expect(byCreation.pages).toBe(3);
    expect(byCreation.rows.map((r) => r.customerName)).toEqual(['None', 'Claim only', 'All four']);
  });

  it('takes any workflow the store’s menu names, and creates cases in it', async () => {
    const s = await createStore(t.db);
    await setStoreConfig(t.db, s.tenantId, 'menu', [
      {
        key: 'warranty',
        label: 'Warranty',
        workFlow: 'warranty',
        sub: [{ key: 'w-open', label: 'Open', workFlow: 'warranty' }],
      },
    ]);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const created = await call(t.app, as, {
      method: 'POST',
      url: '/v2/api/claims',
      body: { workFlow: 'warranty', customer: { name: 'Vera' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list('type=open&workFlow=warranty', as)).items.map((r) => r.customerName)).toEqual([
      'Vera',
    ]);
    // claim is no longer in this store's menu
    expect((await call(t.app, as, { url: '/v2/api/claims?type=open&workFlow=claim' })).statusCode).toBe(404);
  });

  it('answers pages that fit the contract, empty ones included', async () => {
    const page = ZListCasesResponse.strict().parse(await list('type=open&workFlow=claim&limit=3'));
    for (const row of page.items) {
      expect(ZCaseListRow.strict().parse(row)).toEqual(row);
      expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
    }
    const s = await createStore(t.db);
    const other = await signIn(t.app, await createUser(t.db, s.tenantId));
    expect(await list('type=open&workFlow=claim', other)).toEqual({ items: [], nextCursor: null });
  });

  it('writes each value of a row as the case holds it: awkward text, custom fields, nulls, booleans and counts', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    // One hazard per field, so that each must be written right on its own.
    const awkward = 'Åse\tØ\nend\u0001 😀 \u2028';
    const customFields = {
      note: 'a "quoted"\nline',
      amount: 12.5,
      tags: ['x', 'y'],
      nested: { ok: true, none: null },
    };
    const created = await createCase(t.db, s.tenantId, {
      customerName: awkward,
      customerEmail: null,
      orderReference: '\\server\\share',
      supplierName: 'Ola "Olsen"',
      description: '',
      customFields,
      unreadMailCount: 3,
      sendPendingMailCount: 1,
      items: [{ productName: 'Kaffetrakter «Deluxe»' }],
    });
    const [row] = (await list('type=open&workFlow=claim', as)).items;
    const detail = (await call(t.app, as, { url: `/v2/api/claims/${created.id}` })).json<{
      createdAt: string;
      updatedAt: string;
    }>();
    expect(row).toEqual({
      id: created.id,
      caseNumber: created.caseNumber,
      workFlow: 'claim',
      isArchived: false,
      customerName: awkward,
      customerEmail: null,
      orderReference: '\\server\\share',
      status: 'new',
      assignee: null,
      itemsSummary: 'Kaffetrakter «Deluxe»',
      supplierName: 'Ola "Olsen"',
      statusClaim: null,
      statusCreditNote: null,
      statusCustomer: null,
      statusWareHouse: null,
      customFields,
      unreadMailCount: 3,
      sendPendingMailCount: 1,
      createdAt: detail.createdAt,
      updatedAt: detail.updatedAt,
    });
  });

  it('writes every time with its milliseconds, trailing zeros and all, and pages by them', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const times = [
      '2026-03-04T05:06:07.000Z',
      '2026-03-04T05:06:07.700Z',
      '2026-03-04T05:06:07.780Z',
      '2026-03-04T05:06:07.789Z',
      '1999-12-31T23:59:59.999Z',
    ];
    for (const [i, time] of times.entries()) {
      await createCase(t.db, s.tenantId, {
        customerName: `At ${i}`,
        createdAt: new Date(time),
        updatedAt: new Date(Date.parse(time) + 1),
      });
    }
    const { pages, rows } = await allPages(
      'type=open&workFlow=claim&sort=createdAt&direction=asc&limit=1',
      as,
    );
    expect(pages).toBe(5);
    expect(rows.map((r) => r.createdAt)).toEqual([...times].sort());
    expect(rows.map((r) => r.updatedAt)).toEqual(
      [...times].sort().map((time) => new Date(Date.parse(time) + 1).toISOString()),
    );
    const bySearch = await allPages('type=open&workFlow=claim&search=at&sort=updatedAt&limit=2', as);
    expect(bySearch.rows.map((r) => r.customerName)).toEqual(['At 3', 'At 2', 'At 1', 'At 0', 'At 4']);
  });

  it('refuses a workflow the store does not have (404), a bad cursor and a bad type (400)', async () => {
    const unknown = await call(t.app, session, { url: '/v2/api/claims?type=open&workFlow=warranty' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This store has no workflow "warranty"',
    });
    const cursor = await call(t.app, session, {
      url: '/v2/api/claims?type=open&workFlow=claim&cursor=bm9wZQ',
    });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ fieldErrors: { cursor: 'Not a cursor of this list' } });
    const type = await call(t.app, session, { url: '/v2/api/claims?type=closed&workFlow=claim' });
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({ fieldErrors: { type: expect.any(String) as string } });
  });

  it('hides the support list where supportClaim is off', async () => {
    const s = await createStore(t.db);
    const other = await signIn(t.app, await createUser(t.db, s.tenantId));
    expect((await call(t.app, other, { url: '/v2/api/claims?type=open&workFlow=support' })).statusCode).toBe(
      404,
    );
    expect((await list('type=open&workFlow=claim', other)).items).toEqual([]);
  });
});

describe('search', () => {
  let s: StoreFixture;
  let as: Session;
  const numbers: Record<string, number> = {};

  beforeAll(async () => {
    s = await createStore(t.db);
    as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const kettle = await createItemType(t.db, s.tenantId, { key: 'kettle' });
    const rows = [
      await createCase(t.db, s.tenantId, {
        customerName: 'Søren Kierkegaard',
        customerEmail: 'soren.kierke@example.dk',
        customerPhone: '+47 912 34 567',
        orderReference: 'ORD-2024-0042',
        items: [{ productName: 'Vannkoker Deluxe', sku: 'VK-900', itemTypeId: kettle.id }],
      }),
      await createCase(t.db, s.tenantId, {
        customerName: 'Kari Nordmann',
        description: 'Skjermen flimrer etter oppdatering',
        items: [{ productName: 'Laptop Pro 14', sku: 'LP-14' }],
      }),
      await createCase(t.db, s.tenantId, { customerName: 'Ola Nordmann', isArchived: true }),
    ];
    numbers.soren = rows[0]?.caseNumber ?? 0;
    numbers.kari = rows[1]?.caseNumber ?? 0;
    // Another store's case with the same words is never found.
    await createCase(t.db, store.tenantId, {
      customerName: 'Kari Nordmann',
      items: [{ productName: 'Vannkoker' }],
    });
  });

  const found = async (search: string, type = 'open') =>
    (await list(`type=${type}&workFlow=claim&search=${encodeURIComponent(search)}`, as)).items.map(
      (r) => r.customerName,
    );

  it('matches prefixes of customer names, emails, phones and order references', async () => {
    expect(await found('nord')).toEqual(['Kari Nordmann']);
    expect(await found('Sør')).toEqual(['Søren Kierkegaard']);
    expect(await found('soren.kie')).toEqual(['Søren Kierkegaard']);
    expect(await found('example.dk')).toEqual(['Søren Kierkegaard']);
    expect(await found('91234')).toEqual(['Søren Kierkegaard']);
    expect(await found('912 34')).toEqual(['Søren Kierkegaard']);
    expect(await found('ORD-2024-00')).toEqual(['Søren Kierkegaard']);
    expect(await found(String(numbers.kari))).toEqual(['Kari Nordmann']);
  });

  it('searches items (product names and SKUs) and the description', async () => {
    expect(await found('vannkok')).toEqual(['Søren Kierkegaard']);
    expect(await found('vk-9')).toEqual(['Søren Kierkegaard']);
    expect(await found('laptop 14')).toEqual(['Kari Nordmann']);
    expect(await found('flimr')).toEqual(['Kari Nordmann']);
  });

  it('needs every word, stays in the chosen list, and takes any text safely', async () => {
    expect(await found('kari laptop')).toEqual(['Kari Nordmann']);
    expect(await found('kari vannkoker')).toEqual([]);
    expect(await found('nordmann', 'archive')).toEqual(['Ola Nordmann']);
    for (const nasty of ["'", '&|!:*()', "x' OR 1=1 --", '\\', '<->', '%_', 'a:* & b']) {
      const response = await call(t.app, as, {
        url: `/v2/api/claims?type=open&workFlow=claim&search=${encodeURIComponent(nasty)}`,
      });
      expect(response.statusCode, nasty).toBe(200);
    }
    expect((await found("&|!:*()'")).length).toBe(2);
  });

  it('pages through the matches in the list order, ascending and descending', async () => {
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      made.push(await createCase(t.db, s.tenantId, { customerName: `Paula Pedersen ${i}` }));
    }
    const numbersOf = (rows: TCaseListRow[]) => rows.map((r) => r.caseNumber);
    const ascending = made.map((c) => c.caseNumber).sort((a, b) => a - b);
    const up = await allPages(
      'type=open&workFlow=claim&search=pedersen&limit=3&sort=caseNumber&direction=asc',
      as,
    );
    expect(up.pages).toBe(3);
    expect(numbersOf(up.rows)).toEqual(ascending);
    const down = await allPages('type=open&workFlow=claim&search=paula&limit=2&sort=caseNumber', as);
    expect(down.pages).toBe(4);
    expect(numbersOf(down.rows)).toEqual([...ascending].reverse());
  });

  it('follows a case into the archive and back, and loses it when it is deleted', async () => {
    const admin = await signIn(t.app, await createUser(t.db, s.tenantId, { roles: ['ADMIN_USER'] }));
    const c = await createCase(t.db, s.tenantId, { customerName: 'Wanda Wanderer' });
    const move = (action: 'archive' | 'reopen', version: number) =>
      call(t.app, as, { method: 'PUT', url: `/v2/api/claims/${c.id}/${action}`, body: { version } });
    expect((await move('archive', 1)).statusCode).toBe(200);
    expect(await found('wanda')).toEqual([]);
    expect(await found('wanda', 'archive')).toEqual(['Wanda Wanderer']);
    expect((await move('reopen', 2)).statusCode).toBe(200);
    expect(await found('wanda')).toEqual(['Wanda Wanderer']);
    expect(await found('wanda', 'archive')).toEqual([]);
    const deleted = await call(t.app, admin, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await found('wanda')).toEqual([]);
    expect(await found('wanda', 'archive')).toEqual([]);
  });

  it('finds the case again after an edit changes its items', async () => {
    const [row] = (await list('type=open&workFlow=claim&search=laptop', as)).items;
    const current = await call(t.app, as, { url: `/v2/api/claims/${String(row?.id)}` });
    const version = current.json<{ version: number }>().version;
    const updated = await call(t.app, as, {
      method: 'PUT',
      url: `/v2/api/claims/${String(row?.id)}`,
      body: { version, items: [{ productName: 'Stekepanne', quantity: 1 }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await found('laptop')).toEqual([]);
    expect(await found('stekep')).toEqual(['Kari Nordmann']);
    expect((await list('type=open&workFlow=claim&search=stekep', as)).items[0]?.itemsSummary).toBe(
      'Stekepanne',
    );
  });
  it('narrows each filter as it narrows the whole list', async () => {
    const other = await createStore(t.db);
    const by = await signIn(t.app, await createUser(t.db, other.tenantId));
    const kettle = await createItemType(t.db, other.tenantId, { key: 'kettle' });
    const base = {
      status: 'in-progress',
      assignee: 'x@s.test',
      statusClaim: 'sent',
      statusCreditNote: 'received',
      statusCustomer: 'informed',
      statusWareHouse: 'shelved',
      createdAt: day(40),
      unreadMailCount: 2,
      items: [{ productName: 'Kettle', itemTypeId: kettle.id }],
    };
    await createCase(t.db, other.tenantId, { ...base, customerName: 'Berit Match' });
    await createCase(t.db, other.tenantId, { ...base, customerName: 'Berit Other' });
    await createCase(t.db, other.tenantId, { customerName: 'Berit Plain', createdAt: day(50) });
    await createCase(t.db, other.tenantId, { ...base, customerName: 'Nils Match' });
    const names = async (q: string) =>
      (await list(`type=open&workFlow=claim&${q}`, by)).items.map((r) => r.customerName).sort();
    const filters = [
      'status=in-progress',
      'assignee=x%40s.test',
      'statusClaim=sent',
      'statusCreditNote=received',
      'statusCustomer=informed',
      'statusWareHouse=shelved',
      'createdFrom=2026-02-10&createdTo=2026-02-10',
      `itemType=${kettle.id}`,
      'hasUnread=true',
    ];
    for (const filter of filters) {
      expect(await names(filter), filter).toEqual(['Berit Match', 'Berit Other', 'Nils Match']);
      expect(await names(`${filter}&search=match`), filter).toEqual(['Berit Match', 'Nils Match']);
      expect(await names(`${filter}&search=berit`), filter).toEqual(['Berit Match', 'Berit Other']);
    }
    expect(await names('assignee=unassigned&search=berit')).toEqual(['Berit Plain']);
    expect(await names('hasUnread=false&search=berit')).toEqual(['Berit Plain']);
  });
});

describe('one-time-code participants', () => {
  it('list and read only the cases they take part in, and change nothing', async () => {
    const contact = await createContact(t.db, store.tenantId, { email: 'lev@supplier.test' });
    const mine = await createCase(t.db, store.tenantId, {
      customerName: 'Shared with Lev',
      participants: [contact.email],
    });
    const notMine = await createCase(t.db, store.tenantId, { customerName: 'Not shared' });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const rows = (await list('type=open&workFlow=claim', otp)).items;
    expect(rows.map((r) => r.id)).toEqual([mine.id]);
    // A search finds only their cases too.
    expect((await list('type=open&workFlow=claim&search=shared', otp)).items.map((r) => r.id)).toEqual([
      mine.id,
    ]);
    expect((await list('type=open&workFlow=claim&search=not', otp)).items).toEqual([]);
    expect((await call(t.app, otp, { url: `/v2/api/claims/${mine.id}` })).statusCode).toBe(200);
    expect((await call(t.app, otp, { url: `/v2/api/claims/${notMine.id}` })).statusCode).toBe(404);
    const writes = [
      {
        method: 'POST' as const,
        url: '/v2/api/claims',
        body: { workFlow: 'claim', customer: { name: 'X' } },
      },
      { method: 'PUT' as const, url: `/v2/api/claims/${mine.id}`, body: { version: 1, description: 'x' } },
      {
        method: 'PUT' as const,
        url: `/v2/api/claims/${mine.id}/status`,
        body: { version: 1, status: 'resolved' },
      },
      { method: 'PUT' as const, url: `/v2/api/claims/${mine.id}/archive`, body: { version: 1 } },
      { method: 'DELETE' as const, url: `/v2/api/claims/${mine.id}` },
      { method: 'GET' as const, url: `/v2/api/claims/${mine.id}/timeline` },
      { method: 'GET' as const, url: '/v2/api/reports/dashboard' },
    ];
    for (const write of writes) {
      expect((await call(t.app, otp, write)).statusCode, write.url).toBe(403);
    }
    const read = await call(t.app, session, { url: `/v2/api/claims/${mine.id}` });
    expect(read.json()).toMatchObject({ version: 1, status: 'new', isArchived: false });
  });

  it('refuses EXT_USER accounts', async () => {
    const ext = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, ext, { url: '/v2/api/claims?type=open&workFlow=claim' })).statusCode).toBe(403);
    expect((await call(t.app, ext, { url: '/v2/api/claims/assignees' })).statusCode).toBe(403);
  });
});
