/** Cases through HTTP: create, read, update with optimistic versions, status, assignee, archive, delete. */
import { DEFAULT_FEATURES, ZCase, type TCase, type TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
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
import { caseCounters, caseTimeline, cases } from '../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let other: StoreFixture;
let admin: UserFixture;
let agent: UserFixture;
let agentSession: Session;
let adminSession: Session;
let itemTypeId: number;

interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

const newCase = (overrides: Record<string, unknown> = {}) => ({
  workFlow: 'claim',
  customer: { name: 'Kari Nordmann', email: 'kari@example.no', phone: '+47 912 34 567' },
  orderReference: 'ORD-1001',
  items: [{ productName: 'Kaffetrakter', sku: 'KT-100', quantity: 1, itemTypeId }],
  ...overrides,
});

async function create(session: Session, body: unknown = newCase()) {
  return call(t.app, session, { method: 'POST', url: '/v2/api/claims', body });
}

async function created(session: Session = agentSession, body: unknown = newCase()): Promise<TCase> {
  const response = await create(session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCase>();
}

const timeline = async (id: number, session = agentSession) =>
  (await call(t.app, session, { url: `/v2/api/claims/${id}/timeline` })).json<TTimelineEntry[]>();

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  other = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, {
    roles: ['ADMIN_USER'],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  agent = await createUser(t.db, store.tenantId, { firstName: 'Alex', lastName: 'Agent' });
  agentSession = await signIn(t.app, agent);
  adminSession = await signIn(t.app, admin);
  itemTypeId = (
    await createItemType(t.db, store.tenantId, { key: 'coffee', names: { en: 'Coffee machine' } })
  ).id;
});
afterAll(() => t.close());

describe('creating a case', () => {
  it('reads back text exactly as it was written: quotes, backslashes, line breaks, controls, emoji', async () => {
    const tricky = {
      customer: { name: 'Åse "Kari" O\'Brien \\ 株式会社 😀', address: 'Storgata 1\n0155 Oslo\tNorge' },
      description: 'Line one\r\nline two \u0001\u001f </script> \u2028 end',
      items: [
        {
          productName: 'Kaffe "Deluxe" \\ 2000',
          sku: null,
          quantity: 2,
          faultDescription: '¼ full\nand "cold"',
        },
      ],
    };
    const { id } = await created(agentSession, newCase(tricky));
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${id}` });
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = ZCase.strict().parse(read.json());
    expect(body.customer).toEqual({ ...tricky.customer, email: null, phone: null });
    expect(body.description).toBe(tricky.description);
    expect(body.items).toEqual([
      expect.objectContaining({ ...tricky.items[0], itemTypeId: null, itemTypeName: null }),
    ]);
  });

  it('answers 201 with the case: next number, initial status, items, version 1, who and when', async () => {
    const first = await created();
    expect(first).toMatchObject({
      workFlow: 'claim',
      status: 'new',
      isArchived: false,
      version: 1,
      createdBy: agent.username,
      customer: { name: 'Kari Nordmann', email: 'kari@example.no', phone: '+47 912 34 567' },
      orderReference: 'ORD-1001',
      items: [
        {
          productName: 'Kaffetrakter',
          sku: 'KT-100',
          quantity: 1,
          itemTypeId,
          itemTypeName: 'Coffee machine',
        },
      ],
      unreadMailCount: 0,
      sendPendingMailCount: 0,
      closedAt: null,
    });
    const second = await created();
    expect(second.caseNumber).toBe(first.caseNumber + 1);
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${first.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(first);
    // Exactly the contract's fields, times as ISO 8601, nothing of the row besides.
    expect(ZCase.strict().parse(read.json())).toEqual(first);
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    const entries = await timeline(first.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'created', actor: agent.username, mailLogId: null });
    expect(entries[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: '', to: 'new' },
        { field: 'customer.name', from: '', to: 'Kari Nordmann' },
      ]),
    );
  });

  it('numbers a store’s cases without gaps under 20 parallel creates, per store', async () => {
    const store2 = await createStore(t.db);
    const user2 = await createUser(t.db, store2.tenantId);
    const session2 = await signIn(t.app, user2);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 4 === 0 ? create(agentSession) : create(session2, newCase({ items: [] })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = responses
      .filter((_, i) => i % 4 !== 0)
      .map((r) => r.json<TCase>().caseNumber)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 15 }, (_, i) => 10001 + i));
  });

  it('refuses an unknown workflow, and support while the supportClaim feature is off (400, field message)', async () => {
    for (const workFlow of ['warranty', 'support']) {
      const response = await create(agentSession, newCase({ workFlow }));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { workFlow: `This store has no workflow "${workFlow}"` },
      });
    }
    const invalid = await create(agentSession, newCase({ workFlow: 'Not A Key' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ErrorBody>().fieldErrors).toHaveProperty('workFlow');
  });

  it('takes support cases where supportClaim is on, with the support workflow’s own required fields', async () => {
    const s = await createStore(t.db, { features: { ...DEFAULT_FEATURES, supportClaim: true } });
    const session = await signIn(t.app, await createUser(t.db, s.tenantId));
    const missing = await create(session, { workFlow: 'support', customer: { name: 'Ola' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().fieldErrors).toEqual({ description: 'Required' });
    const ok = await create(session, {
      workFlow: 'support',
      customer: { name: 'Ola' },
      description: 'Hjelp',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ workFlow: 'support', status: 'new', caseNumber: 10001 });
  });

  it('refuses a status that is not the workflow’s, and dimension values outside their options', async () => {
    const response = await create(
      agentSession,
      newCase({ status: 'waiting-supplier-x', statusClaim: 'lost' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toEqual({
      status: '"waiting-supplier-x" is not a status of the claim workflow',
      statusClaim: '"lost" is not an option of statusClaim',
    });
    const ok = await created(agentSession, newCase({ status: 'in-progress', statusClaim: 'sent' }));
    expect(ok).toMatchObject({ status: 'in-progress', statusClaim: 'sent' });
  });

  it('accepts a status dimension only where its feature flag is on', async () => {
    const s = await createStore(t.db, { features: { ...DEFAULT_FEATURES, statusWareHouse: false } });
    const session = await signIn(t.app, await createUser(t.db, s.tenantId));
    const response = await create(
      session,
      newCase({ items: [], statusWareHouse: 'received', statusClaim: 'sent' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toEqual({
      statusWareHouse: 'Not available: the statusWareHouse feature is off in this store',
    });
  });

  it('checks custom fields against the store’s form: known keys, type, options, limits, required', async () => {
    const s = await createStore(t.db);
    await setStoreConfig(t.db, s.tenantId, 'form.claim', {
      header: ['customer.name'],
      groups: [
        {
          key: 'main',
          label: 'Main',
          tab: 'details',
          fields: [
            { key: 'customer.name', label: 'Name', type: 'text', required: true },
            { key: 'custom.warranty', label: 'Warranty', type: 'checkbox', required: true },
            { key: 'custom.price', label: 'Price', type: 'money', min: 0, max: 1000 },
            {
              key: 'custom.colour',
              label: 'Colour',
              type: 'select',
              options: [{ value: 'red', label: 'Red' }],
            },
            { key: 'custom.note', label: 'Note', type: 'text', maxLength: 5 },
            { key: 'custom.bought', label: 'Bought', type: 'date' },
            { key: 'orderReference', label: 'Order', type: 'text', required: true },
          ],
        },
      ],
    });
    const session = await signIn(t.app, await createUser(t.db, s.tenantId));
    const bad = await create(session, {
      workFlow: 'claim',
      customer: { name: 'Ola' },
      customFields: { price: 2000, colour: 'blue', note: 'too long', bought: '2024-02-30', shoeSize: 42 },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual({
      'custom.price': 'At most 1000',
      'custom.colour': '"blue" is not one of the options',
      'custom.note': 'At most 5 characters',
      'custom.bought': 'A date as YYYY-MM-DD',
      'custom.shoeSize': 'The claim form has no field custom.shoeSize',
      'custom.warranty': 'Required',
      orderReference: 'Required',
    });
    expect(body.message).toContain('custom.price');
    const typed = await create(session, {
      workFlow: 'claim',
      customer: { name: 'Ola' },
      orderReference: 'A1',
      customFields: { warranty: 'yes', price: 99.5 },
    });
    expect(typed.json<ErrorBody>().fieldErrors).toEqual({
      'custom.warranty': 'Must be true or false',
      // Money is kept in minor units: 99.5 is no amount of øre.
      'custom.price': 'An amount in minor units (a whole number)',
    });
    const ok = await create(session, {
      workFlow: 'claim',
      customer: { name: 'Ola' },
      orderReference: 'A1',
      customFields: { warranty: true, price: 995, colour: 'red', bought: '2024-02-29' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<TCase>().customFields).toEqual({
      warranty: true,
      price: 995,
      colour: 'red',
      bought: '2024-02-29',
    });
  });

  it('answers field errors by path for a bad item (items.0.productName)', async () => {
    const response = await create(agentSession, newCase({ items: [{ productName: '', quantity: 0 }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toMatchObject({
      'items.0.productName': expect.any(String) as string,
      'items.0.quantity': expect.any(String) as string,
    });
  });

  it('refuses a foreign store’s item type, a disabled one, and a foreign user, saving nothing', async () => {
    const foreignType = await createItemType(t.db, other.tenantId);
    const disabled = await createItemType(t.db, store.tenantId, { isDisabled: true });
    const foreignUser = await createUser(t.db, other.tenantId);
    const [counter] = await t.db.select().from(caseCounters).where(eq(caseCounters.tenantId, store.tenantId));
    const before = await t.db.select({ id: cases.id }).from(cases).where(eq(cases.tenantId, store.tenantId));

    const response = await create(
      agentSession,
      newCase({
        assignee: foreignUser.username,
        items: [
          { productName: 'Ok', quantity: 1, itemTypeId },
          { productName: 'Foreign', quantity: 1, itemTypeId: foreignType.id },
          { productName: 'Disabled', quantity: 1, itemTypeId: disabled.id },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toEqual({
      assignee: `${foreignUser.username} is not a user of this store`,
      'items.1.itemTypeId': 'Unknown or disabled item type',
      'items.2.itemTypeId': 'Unknown or disabled item type',
    });
    const after = await t.db.select({ id: cases.id }).from(cases).where(eq(cases.tenantId, store.tenantId));
    expect(after).toHaveLength(before.length);
    const [counterAfter] = await t.db
      .select()
      .from(caseCounters)
      .where(eq(caseCounters.tenantId, store.tenantId));
    expect(counterAfter).toEqual(counter);
    const next = await created();
    expect(next.caseNumber).toBe((counter?.lastNumber ?? 0) + 1);
  });
});

describe('changing a case', () => {
  it('updates fields with the right version, bumps the version and records from → to', async () => {
    const c = await created();
    const response = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: {
        version: 1,
        customer: { ...c.customer, phone: '99887766' },
        description: 'Lekker vann',
        items: [
          { ...c.items[0], quantity: 2 },
          { productName: 'Filter', quantity: 3 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<TCase>();
    expect(updated).toMatchObject({
      version: 2,
      description: 'Lekker vann',
      customer: { phone: '99887766' },
    });
    expect(updated.items.map((i) => [i.productName, i.quantity])).toEqual([
      ['Kaffetrakter', 2],
      ['Filter', 3],
    ]);
    expect(updated.items[0]?.id).toBe(c.items[0]?.id);
    const entry = (await timeline(c.id)).at(-1);
    expect(entry).toMatchObject({ kind: 'updated', actor: agent.username });
    expect(entry?.changes.map((ch) => ch.field)).toEqual(['customer.phone', 'description', 'items']);
    expect(entry?.changes[0]).toEqual({ field: 'customer.phone', from: '+47 912 34 567', to: '99887766' });
  });

  it('refuses the second of two saves made from the same version (409) and keeps the first', async () => {
    const c = await created();
    const save = (description: string) =>
      call(t.app, agentSession, {
        method: 'PUT',
        url: `/v2/api/claims/${c.id}`,
        body: { version: 1, description },
      });
    const first = await save('first');
    expect(first.statusCode).toBe(200);
    const second = await save('second');
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>()).toMatchObject({
      code: 'CONFLICT',
      message: 'This case was changed by someone else; reload it to see their changes',
    });
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` });
    expect(read.json()).toMatchObject({ description: 'first', version: 2 });
  });

  it('lets exactly one of two parallel saves of the same version win', async () => {
    const c = await created();
    const responses = await Promise.all(
      ['a', 'b'].map((d) =>
        call(t.app, agentSession, {
          method: 'PUT',
          url: `/v2/api/claims/${c.id}`,
          body: { version: 1, description: d },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps the case whole when an update has a bad item (nothing half-saved)', async () => {
    const c = await created();
    const foreignType = await createItemType(t.db, other.tenantId);
    const response = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: {
        version: 1,
        description: 'changed',
        items: [{ productName: 'New', quantity: 1, itemTypeId: foreignType.id }],
      },
    });
    expect(response.statusCode).toBe(400);
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` });
    expect(read.json()).toEqual(c);
    expect(await timeline(c.id)).toHaveLength(1);
  });

  it('refuses an item id of another case', async () => {
    const a = await created();
    const b = await created();
    const response = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${a.id}`,
      body: { version: 1, items: [{ ...b.items[0] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toEqual({
      'items.0.id': 'This item is not part of the case',
    });
  });

  it('records only real changes: null, empty text and a missing value count as the same', async () => {
    const c = await created();
    const assign = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/assignee`,
      body: { assignee: '', version: 1 },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toMatchObject({ version: 1 });
    const update = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: {
        version: 1,
        assignee: '',
        description: '',
        supplierName: null,
        customer: { ...c.customer, address: '' },
        items: c.items.map((i) => ({ ...i, sku: i.sku ?? '', faultDescription: '' })),
        orderReference: c.orderReference,
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ version: 1 });
    expect((await timeline(c.id)).map((e) => e.kind)).toEqual(['created']);
    const real = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: 1, assignee: '', description: 'Cracked lid' },
    });
    expect(real.json()).toMatchObject({ version: 2 });
    expect((await timeline(c.id)).at(-1)?.changes).toEqual([
      { field: 'description', from: null, to: 'Cracked lid' },
    ]);
  });

  it('changes status within the workflow, setting closedAt on a closed status', async () => {
    const c = await created();
    const bad = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'lost', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().fieldErrors).toEqual({
      status: '"lost" is not a status of the claim workflow',
    });
    const ok = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'resolved', version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TCase>()).toMatchObject({ status: 'resolved', version: 2 });
    expect(ok.json<TCase>().closedAt).not.toBeNull();
    expect((await timeline(c.id)).at(-1)).toMatchObject({
      kind: 'status',
      actor: agent.username,
      changes: [{ field: 'status', from: 'new', to: 'resolved' }],
    });
    const stale = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'in-progress', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('assigns to a user of the store, refuses others, and unassigns', async () => {
    const c = await created();
    const put = (assignee: string | null, version: number) =>
      call(t.app, agentSession, {
        method: 'PUT',
        url: `/v2/api/claims/${c.id}/assignee`,
        body: { assignee, version },
      });
    const foreign = await createUser(t.db, other.tenantId);
    const refused = await put(foreign.username, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().fieldErrors).toEqual({
      assignee: `${foreign.username} is not a user of this store`,
    });
    const ok = await put(admin.username, 1);
    expect(ok.json()).toMatchObject({ assignee: admin.username, version: 2 });
    expect((await timeline(c.id)).at(-1)).toMatchObject({
      kind: 'assigned',
      changes: [{ field: 'assignee', from: null, to: admin.username }],
    });
    expect((await put(null, 2)).json()).toMatchObject({ assignee: null, version: 3 });
  });

  it('archives and reopens, each once, with the timeline', async () => {
    const c = await created();
    const put = (action: string, version: number) =>
      call(t.app, agentSession, {
        method: 'PUT',
        url: `/v2/api/claims/${c.id}/${action}`,
        body: { version },
      });
    const archived = await put('archive', 1);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TCase>()).toMatchObject({ isArchived: true, version: 2 });
    expect(archived.json<TCase>().closedAt).not.toBeNull();
    expect((await put('archive', 2)).statusCode).toBe(409);
    const reopened = await put('reopen', 2);
    expect(reopened.json<TCase>()).toMatchObject({ isArchived: false, version: 3, closedAt: null });
    expect((await put('reopen', 3)).json<ErrorBody>()).toMatchObject({
      code: 'CONFLICT',
      message: 'This case is already open',
    });
    expect((await timeline(c.id)).map((e) => e.kind)).toEqual(['created', 'archived', 'reopened']);
  });

  it('reopens a resolved case at the workflow’s first status', async () => {
    const c = await created(agentSession, newCase({ status: 'resolved' }));
    expect(c.closedAt).not.toBeNull();
    await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/archive`,
      body: { version: 1 },
    });
    const reopened = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/reopen`,
      body: { version: 2 },
    });
    expect(reopened.json()).toMatchObject({ status: 'new', isArchived: false, closedAt: null });
  });

  it('reads back a purchase date as written and an item type’s name in the store’s language', async () => {
    const c = await created(agentSession, newCase({ purchaseDate: '2026-02-28', description: 'Lekker' }));
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` });
    expect(read.json()).toMatchObject({
      purchaseDate: '2026-02-28',
      description: 'Lekker',
      items: [{ itemTypeName: 'Coffee machine', sku: 'KT-100', faultDescription: null }],
    });
  });

  it('refuses a purchase date in the future on create and update, and takes today', async () => {
    const future = await create(agentSession, newCase({ purchaseDate: '2099-12-31' }));
    expect(future.statusCode).toBe(400);
    expect(future.json<ErrorBody>().fieldErrors).toEqual({
      purchaseDate: 'A purchase date cannot be in the future',
    });
    const today = new Date().toISOString().slice(0, 10);
    const c = await created(agentSession, newCase({ purchaseDate: today }));
    expect(c.purchaseDate).toBe(today);
    const moved = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: c.version, purchaseDate: '2099-01-01' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ErrorBody>().fieldErrors).toHaveProperty('purchaseDate');
    const read = await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` });
    expect(read.json<TCase>().purchaseDate).toBe(today);
  });

  it('answers 404 for a case that does not exist and 400 for a non-numeric id', async () => {
    expect((await call(t.app, agentSession, { url: '/v2/api/claims/999999' })).statusCode).toBe(404);
    expect((await call(t.app, agentSession, { url: '/v2/api/claims/abc' })).statusCode).toBe(400);
    const put = await call(t.app, agentSession, {
      method: 'PUT',
      url: '/v2/api/claims/999999',
      body: { version: 1, description: 'x' },
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('reading a case by its number', () => {
  it('finds the store’s case by the number people see, never another store’s, a deleted one or a contact’s other case', async () => {
    const c = await created();
    const byNumber = await call(t.app, agentSession, { url: `/v2/api/claims/number/${c.caseNumber}` });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toEqual(c);
    // Numbers start again in each store: the other store's case with the same number is its own.
    const otherSession = await signIn(t.app, await createUser(t.db, other.tenantId));
    const theirs = await createCase(t.db, other.tenantId, { customerName: 'Their customer' });
    const ownNumber = await call(t.app, otherSession, { url: `/v2/api/claims/number/${theirs.caseNumber}` });
    expect(ownNumber.json<TCase>().id).toBe(theirs.id);
    const mine = await call(t.app, otherSession, { url: `/v2/api/claims/number/${c.caseNumber}` });
    if (c.caseNumber === theirs.caseNumber) expect(mine.json<TCase>().id).toBe(theirs.id);
    else expect(mine.statusCode).toBe(404);
    expect(mine.body).not.toContain('Kari Nordmann');
    expect((await call(t.app, agentSession, { url: '/v2/api/claims/number/9999999' })).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const response = await call(t.app, agentSession, { url: `/v2/api/claims/number/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<ErrorBody>().fieldErrors, bad).toHaveProperty('caseNumber');
    }
    await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(
      (await call(t.app, agentSession, { url: `/v2/api/claims/number/${c.caseNumber}` })).statusCode,
    ).toBe(404);
  });

  it('shows a one-time-code contact only the cases they take part in', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const mine = await createCase(t.db, store.tenantId, { participants: [contact.email] });
    const notMine = await createCase(t.db, store.tenantId);
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const read = (n: number) => call(t.app, otp, { url: `/v2/api/claims/number/${n}` });
    expect((await read(mine.caseNumber)).json<TCase>().id).toBe(mine.id);
    expect((await read(notMine.caseNumber)).statusCode).toBe(404);
  });
});

describe('deleting a case', () => {
  it('is for administrators only; soft, so the case is gone from reads, its timeline rows kept', async () => {
    const c = await created();
    const refused = await call(t.app, agentSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(refused.statusCode).toBe(403);
    const deleted = await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` })).statusCode).toBe(404);
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, agentSession, {
          method: 'PUT',
          url: `/v2/api/claims/${c.id}`,
          body: { version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const list = await call(t.app, agentSession, {
      url: '/v2/api/claims?type=open&workFlow=claim&limit=200',
    });
    expect(list.json<{ items: { id: number }[] }>().items.map((i) => i.id)).not.toContain(c.id);
    // Nothing of a deleted case answers at its address, for administrators neither (issue 34.4);
    // the rows stay in the database.
    for (const session of [adminSession, agentSession])
      expect((await call(t.app, session, { url: `/v2/api/claims/${c.id}/timeline` })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(caseTimeline)
      .where(and(eq(caseTimeline.tenantId, store.tenantId), eq(caseTimeline.caseId, c.id)));
    expect(rows).toHaveLength(2);
  });

  it('accepts both super-admin spellings', async () => {
    for (const role of ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'] as const) {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      const c = await created();
      expect(
        (await call(t.app, session, { method: 'DELETE', url: `/v2/api/claims/${c.id}` })).statusCode,
      ).toBe(204);
    }
  });
});

describe('assignees', () => {
  it('lists the store’s staff by name', async () => {
    const response = await call(t.app, agentSession, { url: '/v2/api/claims/assignees' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ username: string; fullName: string }[]>();
    expect(list).toEqual(
      expect.arrayContaining([
        { username: admin.username, fullName: 'Ada Admin' },
        { username: agent.username, fullName: 'Alex Agent' },
      ]),
    );
    expect(list.every((u) => u.username.endsWith(`@${store.tenantId}.test`))).toBe(true);
  });
});

describe('assignees for a one-time-code contact', () => {
  it('refuses a one-time-code contact the list of the store’s staff (403)', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await createCase(t.db, store.tenantId, { assignee: admin.username, participants: [contact.email] });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const response = await call(t.app, otp, { url: '/v2/api/claims/assignees' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.body).not.toContain(admin.username);
  });
});
