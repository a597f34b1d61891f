/** Item types through HTTP: names per language, administrators manage, a type in use cannot be deleted. */
import type { TItemType } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from './helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let agent: Session;
const base = '/v2/api/claim-item-types';

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
});
afterAll(() => t.close());

const names = { en: 'Kettle', nr: 'Vannkoker', da: 'Elkedel', de: 'Wasserkocher' };

describe('item types', () => {
  it('are created by administrators with names per language, and read by all staff', async () => {
    const created = await call(t.app, admin, { method: 'POST', url: base, body: { key: 'kettle', names } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ key: 'kettle', names, isDisabled: false, usageCount: 0 });
    const listed = await call(t.app, agent, { url: base });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<TItemType[]>().map((i) => i.key)).toEqual(['kettle']);
    const refused = await call(t.app, agent, { method: 'POST', url: base, body: { key: 'other', names } });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a duplicate key (409), a bad key and no name at all (400)', async () => {
    const duplicate = await call(t.app, admin, { method: 'POST', url: base, body: { key: 'kettle', names } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      fieldErrors: { key: 'An item type with the key "kettle" exists already' },
    });
    const badKey = await call(t.app, admin, { method: 'POST', url: base, body: { key: 'Bad Key', names } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({
      fieldErrors: { key: 'Lower-case letters, digits and -' },
      fieldIssues: { key: { code: 'not_a_key', params: { max: 40 } } },
    });
    const noName = await call(t.app, admin, {
      method: 'POST',
      url: base,
      body: { key: 'empty', names: { en: '' } },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ fieldIssues: { names: { code: 'no_name' } } });
  });

  it('is renamed and disabled by PUT; a disabled type is refused on new items', async () => {
    const type = (
      await call(t.app, admin, { method: 'POST', url: base, body: { key: 'toaster', names } })
    ).json<TItemType>();
    const updated = await call(t.app, admin, {
      method: 'PUT',
      url: `${base}/${type.id}`,
      body: { names: { ...names, en: 'Toaster' }, isDisabled: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ names: { en: 'Toaster' }, isDisabled: true });
    const c = await call(t.app, agent, {
      method: 'POST',
      url: '/v2/api/claims',
      body: {
        workFlow: 'claim',
        customer: { name: 'Ola' },
        items: [{ productName: 'T', quantity: 1, itemTypeId: type.id }],
      },
    });
    expect(c.statusCode).toBe(400);
    expect(c.json()).toMatchObject({
      fieldErrors: { 'items.0.itemTypeId': 'Unknown or disabled item type' },
    });
    expect(
      (
        await call(t.app, agent, {
          method: 'PUT',
          url: `${base}/${type.id}`,
          body: { names, isDisabled: false },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('cannot be deleted while cases use it (409 with the count), only disabled; unused ones are deleted', async () => {
    const type = (
      await call(t.app, admin, { method: 'POST', url: base, body: { key: 'mixer', names } })
    ).json<TItemType>();
    for (let i = 0; i < 2; i += 1) {
      await createCase(t.db, store.tenantId, { items: [{ productName: 'Mixer', itemTypeId: type.id }] });
    }
    const listed = (await call(t.app, admin, { url: base })).json<TItemType[]>();
    expect(listed.find((i) => i.id === type.id)?.usageCount).toBe(2);
    const refused = await call(t.app, admin, { method: 'DELETE', url: `${base}/${type.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CONFLICT',
      message: 'This item type is used by 2 cases; disable it instead',
    });
    const unused = (
      await call(t.app, admin, { method: 'POST', url: base, body: { key: 'unused', names } })
    ).json<TItemType>();
    expect((await call(t.app, agent, { method: 'DELETE', url: `${base}/${unused.id}` })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, admin, { method: 'DELETE', url: `${base}/${unused.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(t.app, admin, { method: 'DELETE', url: `${base}/${unused.id}` })).statusCode).toBe(
      404,
    );
  });

  it('names the item type of a case’s item in the store’s language', async () => {
    const nrStore = await createStore(t.db, { language: 'nr' });
    const nrAdmin = await signIn(t.app, await createUser(t.db, nrStore.tenantId, { roles: ['ADMIN_USER'] }));
    const type = (
      await call(t.app, nrAdmin, { method: 'POST', url: base, body: { key: 'kettle', names } })
    ).json<TItemType>();
    const created = await call(t.app, nrAdmin, {
      method: 'POST',
      url: '/v2/api/claims',
      body: {
        workFlow: 'claim',
        customer: { name: 'Ola' },
        items: [{ productName: 'K', quantity: 1, itemTypeId: type.id }],
      },
    });
    expect(created.json()).toMatchObject({ items: [{ itemTypeId: type.id, itemTypeName: 'Vannkoker' }] });
  });
});
