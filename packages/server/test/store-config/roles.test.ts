/** Store configuration documents: who may list, find, write and remove them, and who may read them resolved. */
import { configDocument, type TStoredProperty } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  API,
  SHARED,
  admin,
  agent,
  contact,
  get,
  legacySuperAdmin,
  menuOf,
  resolved,
  send,
  setUpStoreConfig,
  stored,
  superAdmin,
} from './store-config-setup';

setUpStoreConfig();

describe('roles', () => {
  it('lets both super-admin spellings list, find, create, update and delete', async () => {
    for (const [i, session] of [superAdmin, legacySuperAdmin].entries()) {
      const name = i === 0 ? 'compensation-modes' : 'cost-form';
      const value = configDocument(name)?.defaultValue;
      const created = await send(session, 'POST', API, { name, value });
      expect(created.statusCode, created.body).toBe(201);
      const { id, version } = created.json<TStoredProperty>();
      expect((await get(session, `${API}/${name}`)).json<TStoredProperty[]>().map((p) => p.id)).toEqual([id]);
      expect((await get(session, `${API}/findone/${name}`)).statusCode).toBe(200);
      expect((await send(session, 'PUT', `${API}/${id}`, { value, version })).statusCode).toBe(200);
      expect((await send(session, 'PUT', API, { name, value })).statusCode).toBe(200);
      expect((await send(session, 'DELETE', `${API}/${id}`)).statusCode).toBe(204);
    }
  });

  it('refuses administrators and agents every call but json-config (403), and changes nothing', async () => {
    const created = await send(superAdmin, 'POST', API, { name: 'menu', value: menuOf('kept') });
    const { id } = created.json<TStoredProperty>();
    for (const session of [admin, agent]) {
      for (const base of [API, SHARED]) {
        const calls = [
          get(session, `${base}/menu`),
          get(session, `${base}/findone/menu`),
          send(session, 'POST', base, { name: 'dashboard', value: {} }),
          send(session, 'PUT', `${base}/${id}`, { value: menuOf('taken'), version: 1 }),
          send(session, 'PUT', base, { name: 'menu', value: menuOf('taken') }),
          send(session, 'DELETE', base, { ids: [id] }),
          send(session, 'DELETE', `${base}/${id}`),
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
        }
      }
      expect(await resolved(session, 'menu')).toEqual(menuOf('kept'));
      expect(await resolved(session, 'menu', SHARED)).toEqual(configDocument('menu')?.defaultValue);
    }
    expect((await stored(superAdmin, 'menu'))?.version).toBe(1);
    expect((await send(superAdmin, 'DELETE', `${API}/${id}`)).statusCode).toBe(204);
  });

  it('keeps json-config from one-time-code users, who use the static lite files', async () => {
    for (const url of [
      `${API}/json-config/menu`,
      `${SHARED}/json-config/form.claim`,
      `${API}/findone/menu`,
    ]) {
      const response = await get(contact, url);
      expect(response.statusCode, url).toBe(403);
    }
  });
});
