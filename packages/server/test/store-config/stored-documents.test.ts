/** Store configuration documents through HTTP: stored, replaced (by id or by name), listed and removed. */
import {
  DEFAULT_CLAIM_FORM,
  DEFAULT_SUPPORT_LIST_COLUMNS,
  DEFAULT_TABS,
  type TStoredProperty,
} from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { resolveStoreConfig } from '../../src/modules/settings/store-config.repository';
import { forTenant } from '../../src/db/tenant-db';
import {
  API,
  agent,
  badForm,
  get,
  legacySuperAdmin,
  resolved,
  send,
  setUpStoreConfig,
  store,
  stored,
  superAdmin,
  t,
} from './store-config-setup';

setUpStoreConfig();

const renamedForm = (label: string) => ({
  ...DEFAULT_CLAIM_FORM,
  groups: DEFAULT_CLAIM_FORM.groups.map((g, i) => (i === 0 ? { ...g, label } : g)),
});

describe('POST /initial-properties', () => {
  it('stores a document, answers it with version 1 and who wrote it, and json-config answers it', async () => {
    const value = renamedForm('Store handling');
    const response = await send(superAdmin, 'POST', API, { name: 'form.claim', value });
    expect(response.statusCode).toBe(201);
    const body = response.json<TStoredProperty>();
    expect(body).toMatchObject({ name: 'form.claim', value, version: 1 });
    expect(body.updatedBy).toMatch(/@/);
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await resolved(agent, 'form.claim')).toEqual(value);
    expect(await resolveStoreConfig(forTenant(t.db, store.tenantId), 'form.claim')).toEqual(value);
  });

  it('refuses a name that is stored already (409) and keeps the stored one', async () => {
    const response = await send(superAdmin, 'POST', API, { name: 'form.claim', value: DEFAULT_CLAIM_FORM });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await stored(superAdmin, 'form.claim'))?.value).toEqual(renamedForm('Store handling'));
  });

  it('refuses a document that does not fit its schema with the path inside it (400), storing nothing', async () => {
    const response = await send(superAdmin, 'POST', API, { name: 'form.support', value: badForm() });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toContain('form.support');
    expect(Object.keys(body.fieldErrors)).toEqual(['value.groups.0.fields.1.type']);
    expect((await get(superAdmin, `${API}/findone/form.support`)).statusCode).toBe(404);
  });

  it('refuses names that are no document (400) and malformed bodies (400)', async () => {
    const unknown = await send(superAdmin, 'POST', API, { name: 'colours', value: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fieldErrors: { name: expect.stringContaining('colours') as string },
    });
    const unknownKind = await send(superAdmin, 'POST', API, { name: 'widgets.claim', value: {} });
    expect(unknownKind.statusCode).toBe(400);
    for (const body of [
      { value: {} },
      { name: '__proto__', value: {} },
      { name: 'menu' },
      { name: 'menu', value: null },
    ]) {
      const response = await send(superAdmin, 'POST', API, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('PUT /initial-properties/{id} (optimistic)', () => {
  it('replaces the value at the version read and counts the version up', async () => {
    const current = await stored(superAdmin, 'form.claim');
    if (!current) throw new Error('form.claim is not stored');
    const value = renamedForm('Second edit');
    const response = await send(superAdmin, 'PUT', `${API}/${current.id}`, {
      value,
      version: current.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: current.id, version: current.version + 1, value });
    expect(await resolved(agent, 'form.claim')).toEqual(value);
  });

  it('refuses a stale version with a conflict that says so (409), keeping the newer document', async () => {
    const current = await stored(superAdmin, 'form.claim');
    if (!current) throw new Error('form.claim is not stored');
    const response = await send(legacySuperAdmin, 'PUT', `${API}/${current.id}`, {
      value: renamedForm('Lost update'),
      version: current.version - 1,
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('CONFLICT');
    expect(body.message).toContain(`version ${current.version}`);
    expect(await stored(superAdmin, 'form.claim')).toEqual(current);
  });

  it('refuses a bad document with its path (400) and keeps the stored one unchanged', async () => {
    const current = await stored(superAdmin, 'form.claim');
    if (!current) throw new Error('form.claim is not stored');
    const response = await send(superAdmin, 'PUT', `${API}/${current.id}`, {
      value: badForm(),
      version: current.version,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'value.groups.0.fields.1.type': expect.any(String) as string },
    });
    expect(await stored(superAdmin, 'form.claim')).toEqual(current);
    expect(await resolved(agent, 'form.claim')).toEqual(current.value);
  });

  it('answers 404 for an id the store does not have, and 400 for a bad id or body', async () => {
    expect((await send(superAdmin, 'PUT', `${API}/999999`, { value: [], version: 1 })).statusCode).toBe(404);
    expect((await send(superAdmin, 'PUT', `${API}/abc`, { value: [], version: 1 })).statusCode).toBe(400);
    expect((await send(superAdmin, 'PUT', `${API}/99999999999`, { value: [], version: 1 })).statusCode).toBe(
      400,
    );
    const current = await stored(superAdmin, 'form.claim');
    expect((await send(superAdmin, 'PUT', `${API}/${current?.id}`, { value: [] })).statusCode).toBe(400);
  });
});

describe('PUT /initial-properties (by name)', () => {
  it('creates a document, then replaces it, last write wins without a version', async () => {
    const first = await send(superAdmin, 'PUT', API, {
      name: 'list-columns.support',
      value: DEFAULT_SUPPORT_LIST_COLUMNS,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1 });
    const fewer = DEFAULT_SUPPORT_LIST_COLUMNS.slice(0, 2);
    const second = await send(superAdmin, 'PUT', API, { name: 'list-columns.support', value: fewer });
    expect(second.json()).toMatchObject({ version: 2, value: fewer });
    expect(await resolved(agent, 'list-columns.support')).toEqual(fewer);
  });

  it('with a version: replaces at that version only (409 when stale or removed)', async () => {
    const fewer = DEFAULT_SUPPORT_LIST_COLUMNS.slice(0, 3);
    const ok = await send(superAdmin, 'PUT', API, { name: 'list-columns.support', value: fewer, version: 2 });
    expect(ok.json()).toMatchObject({ version: 3 });
    const stale = await send(superAdmin, 'PUT', API, {
      name: 'list-columns.support',
      value: fewer,
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    const missing = await send(superAdmin, 'PUT', API, {
      name: 'list-columns.claim',
      value: fewer,
      version: 1,
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ message: string }>().message).toContain('removed');
    expect(await resolved(agent, 'list-columns.support')).toEqual(fewer);
  });

  it('refuses a bad document with its path (400)', async () => {
    const response = await send(superAdmin, 'PUT', API, {
      name: 'tabs.claim',
      value: [{ key: 'x', label: 'X', kind: 'radio' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { 'value.0.kind': expect.any(String) as string } });
    expect((await get(superAdmin, `${API}/findone/tabs.claim`)).statusCode).toBe(404);
  });
});

describe('GET /initial-properties/{option} and /findone/{name}', () => {
  it('lists the stored documents of a name or a kind, or all of them, by name', async () => {
    const forms = (await get(superAdmin, `${API}/form`)).json<TStoredProperty[]>();
    expect(forms.map((p) => p.name)).toEqual(['form.claim']);
    const all = (await get(superAdmin, `${API}/all`)).json<TStoredProperty[]>();
    const names = all.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['form.claim', 'list-columns.support']));
    expect((await get(superAdmin, `${API}/list-columns.support`)).json<TStoredProperty[]>()).toHaveLength(1);
    expect((await get(superAdmin, `${API}/dashboard`)).json()).toEqual([]);
  });

  it('answers 404 for an option that is no document, and for a document the store has not stored', async () => {
    expect((await get(superAdmin, `${API}/widgets`)).statusCode).toBe(404);
    const none = await get(superAdmin, `${API}/findone/dashboard`);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toContain('fallback');
  });

  it('answers a document in its schema’s key order', async () => {
    const found = await stored(superAdmin, 'form.claim');
    const field = (found?.value as { groups: { fields: object[] }[] }).groups[0]?.fields[0];
    expect(Object.keys(field ?? {})).toEqual(Object.keys(DEFAULT_CLAIM_FORM.groups[0]?.fields[0] ?? {}));
  });
});

describe('DELETE /initial-properties (body) and /{id}', () => {
  it('removes stored documents all or nothing: an unknown id removes none (404)', async () => {
    const a = (
      await send(superAdmin, 'POST', API, { name: 'tabs.claim', value: DEFAULT_TABS.slice(0, 2) })
    ).json<TStoredProperty>();
    const b = (
      await send(superAdmin, 'POST', API, { name: 'tabs.support', value: DEFAULT_TABS.slice(0, 1) })
    ).json<TStoredProperty>();
    const refused = await send(superAdmin, 'DELETE', API, { ids: [a.id, b.id, 999999] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toContain('999999');
    expect((await get(superAdmin, `${API}/tabs`)).json<TStoredProperty[]>()).toHaveLength(2);
    expect((await send(superAdmin, 'DELETE', API, { ids: [a.id, b.id] })).statusCode).toBe(204);
    expect((await get(superAdmin, `${API}/tabs`)).json()).toEqual([]);
    expect(await resolved(agent, 'tabs.claim')).toEqual(DEFAULT_TABS);
    expect((await send(superAdmin, 'DELETE', API, { ids: [] })).statusCode).toBe(400);
  });

  it('removes one document by id, so the fallback applies again; a second delete is 404', async () => {
    const current = await stored(superAdmin, 'list-columns.support');
    expect((await send(superAdmin, 'DELETE', `${API}/${current?.id}`)).statusCode).toBe(204);
    expect(await resolved(agent, 'list-columns.support')).toEqual(DEFAULT_SUPPORT_LIST_COLUMNS);
    expect((await send(superAdmin, 'DELETE', `${API}/${current?.id}`)).statusCode).toBe(404);
  });
});
