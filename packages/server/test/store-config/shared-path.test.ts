/** Store configuration documents: the shared path edits the company's documents, with X-COMPANY naming it. */
import type { TStoredProperty } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import {
  API,
  SHARED,
  agent,
  get,
  menuOf,
  resolved,
  send,
  setUpStoreConfig,
  siblingAdmin,
  stored,
  superAdmin,
  t,
} from './store-config-setup';

setUpStoreConfig();

describe('the shared path acts on the company’s documents', () => {
  it('lists, finds and edits the company’s documents, not the store’s, for every store of the company', async () => {
    const created = await send(superAdmin, 'POST', SHARED, { name: 'menu', value: menuOf('company') });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<TStoredProperty>();
    expect((await get(siblingAdmin, `${SHARED}/menu`)).json<TStoredProperty[]>().map((p) => p.id)).toEqual([
      id,
    ]);
    expect((await get(superAdmin, `${API}/menu`)).json()).toEqual([]);
    expect((await get(superAdmin, `${API}/findone/menu`)).statusCode).toBe(404);
    expect(
      (await send(superAdmin, 'PUT', `${API}/${id}`, { value: menuOf('x'), version: 1 })).statusCode,
    ).toBe(404);

    const edited = await send(siblingAdmin, 'PUT', `${SHARED}/${id}`, {
      value: menuOf('edited'),
      version: 1,
    });
    expect(edited.json()).toMatchObject({ version: 2 });
    const stale = await send(superAdmin, 'PUT', `${SHARED}/${id}`, { value: menuOf('stale'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await resolved(agent, 'menu')).toEqual(menuOf('edited'));
    const bad = await send(superAdmin, 'PUT', `${SHARED}/${id}`, { value: [{ key: 'x' }], version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { 'value.0.label': expect.any(String) as string } });
    expect((await stored(siblingAdmin, 'menu', SHARED))?.value).toEqual(menuOf('edited'));
  });

  it('needs X-COMPANY naming the store’s own company', async () => {
    const response = await get({ ...superAdmin, companyName: undefined }, `${SHARED}/menu`);
    expect(response.statusCode).toBe(400);
    const other = await call(t.app, superAdmin, {
      url: `${SHARED}/menu`,
      headers: { 'x-company': 'Elsewhere' },
    });
    expect(other.statusCode).toBe(403);
  });
});
