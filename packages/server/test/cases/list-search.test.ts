/** Case lists through HTTP: full-text search, its paging, and the index following archive, delete and edits. */
import type { TCaseListRow } from '@claimdesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createItemType, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { allPages, day, list, setUpCaseLists, store, t } from './list-setup';

setUpCaseLists();

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
