/** Cases through HTTP, updating: optimistic versions, items, recorded changes, purchase date, unknown ids. */
import type { TCase } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { createItemType } from '../helpers/factories';
import {
  type ErrorBody,
  agent,
  agentSession,
  create,
  created,
  newCase,
  other,
  setUpCases,
  t,
  timeline,
} from './cases-setup';

setUpCases();

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
