/** Case lists through HTTP: the filters, alone and together, and workflows from the store's menu. */
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createCase, createItemType, createStore, createUser, setStoreConfig } from '../helpers/factories';
import { allPages, day, list, session, setUpCaseLists, t } from './list-setup';

setUpCaseLists();

describe('open and archive lists', () => {
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
});
