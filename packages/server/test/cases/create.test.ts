/** Cases through HTTP, creating: numbers, workflows and statuses, custom fields, items, field errors. */
import { DEFAULT_FEATURES, ZCase, type TCase } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createItemType, createStore, createUser, setStoreConfig } from '../helpers/factories';
import { caseCounters, cases } from '../../src/db/schema';
import {
  type ErrorBody,
  agent,
  agentSession,
  create,
  created,
  itemTypeId,
  newCase,
  other,
  setUpCases,
  store,
  t,
  timeline,
} from './cases-setup';

setUpCases();

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
