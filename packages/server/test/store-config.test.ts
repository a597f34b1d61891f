import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CLAIM_FORM,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_SUPPORT_LIST_COLUMNS,
  DEFAULT_TABS,
  configDocument,
  type TStoredProperty,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from './helpers/api';
import { createContact, createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { storeProperties } from '../src/db/schema';
import { forgetAllStoreConfig, resolveStoreConfig } from '../src/modules/settings/store-config.repository';
import { forTenant } from '../src/db/tenant-db';

const API = '/v2/api/settings/initial-properties';
const SHARED = '/v2/shared/initial-properties';

let t: TestApp;
let store: StoreFixture;
let sibling: StoreFixture;
let superAdmin: Session;
let legacySuperAdmin: Session;
let admin: Session;
let agent: Session;
let siblingAdmin: Session;
let contact: Session;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  sibling = await createStore(t.db, { companyId: store.companyId });
  const sessionOf = async (
    s: StoreFixture,
    roles: NonNullable<Parameters<typeof createUser>[2]>['roles'],
  ) => ({
    ...(await signIn(t.app, await createUser(t.db, s.tenantId, { roles }))),
    companyName: store.companyName,
  });
  superAdmin = await sessionOf(store, ['SUPER_ADMIN_USER']);
  legacySuperAdmin = await sessionOf(store, ['SUPPER_ADMIN_USER']);
  admin = await sessionOf(store, ['ADMIN_USER']);
  agent = await sessionOf(store, ['STANDARD_USER']);
  siblingAdmin = await sessionOf(sibling, ['SUPER_ADMIN_USER']);
  const { email } = await createContact(t.db, store.tenantId);
  contact = { ...(await signInWithOtp(t.app, t.dataDir, email)), companyName: store.companyName };
});
afterAll(() => t.close());

const get = (s: Session, url: string) => call(t.app, s, { url });
const send = (s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, s, { method, url, ...(body !== undefined && { body }) });
const resolved = async (s: Session, name: string, base = API) => {
  const response = await get(s, `${base}/json-config/${name}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};
const stored = async (s: Session, name: string, base = API) => {
  const response = await get(s, `${base}/findone/${name}`);
  return response.statusCode === 200 ? response.json<TStoredProperty>() : null;
};

/** The claim form with the second field of the first group turned into an unknown type. */
const badForm = () => {
  const form = structuredClone(DEFAULT_CLAIM_FORM) as { groups: { fields: { type: string }[] }[] };
  const field = form.groups[0]?.fields[1];
  if (field) field.type = 'colour-picker';
  return form;
};
const renamedForm = (label: string) => ({
  ...DEFAULT_CLAIM_FORM,
  groups: DEFAULT_CLAIM_FORM.groups.map((g, i) => (i === 0 ? { ...g, label } : g)),
});

const menuOf = (key: string) => [{ key, label: `Menu ${key}`, workFlow: 'claim' }];

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

describe('the fallback chain store -> company -> default, for any document name', () => {
  it('resolves fixed and per-workflow documents, also of workflows without defaults of their own', async () => {
    const name = 'status-options.anything';
    expect(await resolved(agent, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
    const companyValue = { ...DEFAULT_CLAIM_STATUS_OPTIONS, initial: 'in-progress' };
    const storeValue = { ...DEFAULT_CLAIM_STATUS_OPTIONS, statusClaim: [] };
    expect(DEFAULT_CLAIM_STATUS_OPTIONS.statuses.map((s) => s.value)).toContain('in-progress');

    const company = await send(siblingAdmin, 'POST', SHARED, { name, value: companyValue });
    expect(company.statusCode, company.body).toBe(201);
    expect(await resolved(agent, name)).toEqual(companyValue);
    expect(await resolved(siblingAdmin, name)).toEqual(companyValue);

    const own = (await send(superAdmin, 'POST', API, { name, value: storeValue })).json<TStoredProperty>();
    expect(await resolved(agent, name)).toEqual(storeValue);
    expect(await resolved(agent, name, SHARED)).toEqual(companyValue);
    expect(await resolved(siblingAdmin, name)).toEqual(companyValue);
    expect(await resolveStoreConfig(forTenant(t.db, store.tenantId), name)).toEqual(storeValue);

    expect((await send(superAdmin, 'DELETE', `${API}/${own.id}`)).statusCode).toBe(204);
    expect(await resolved(agent, name)).toEqual(companyValue);
    const companyId = company.json<TStoredProperty>().id;
    expect((await send(superAdmin, 'DELETE', `${SHARED}/${companyId}`)).statusCode).toBe(204);
    expect(await resolved(agent, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
    expect(await resolved(siblingAdmin, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
  });

  it('passes over a stored document that no longer fits its schema', async () => {
    await t.db
      .insert(storeProperties)
      .values({ tenantId: store.tenantId, name: 'form.legacy', value: badForm() });
    forgetAllStoreConfig(t.db);
    expect(await resolved(agent, 'form.legacy')).toEqual(DEFAULT_CLAIM_FORM);
    const listed = (await get(superAdmin, `${API}/findone/form.legacy`)).json<TStoredProperty>();
    expect(listed.value).toEqual(badForm());
  });

  it('answers 404 for a name that is no document, from json-config and resolveStoreConfig', async () => {
    for (const name of ['colours', 'form', 'form.Claim', 'widgets.claim', 'constructor']) {
      expect((await get(agent, `${API}/json-config/${name}`)).statusCode, name).toBe(404);
    }
    await expect(resolveStoreConfig(forTenant(t.db, store.tenantId), 'colours')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

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

describe('the lite configuration of one-time-code users', () => {
  const folder = path.resolve(import.meta.dirname, '../../web/public/assets/config');

  it('has static files equal to the contracts’ lite values, one for each fixed document with one', async () => {
    const files = (await readdir(folder)).filter((f) => f.endsWith('-lite.json'));
    const names = files.map((f) => f.replace(/-lite\.json$/, ''));
    expect(names).toEqual(expect.arrayContaining(['menu', 'feature', 'tabs.claim', 'tabs.support']));
    for (const [i, file] of files.entries()) {
      const doc = configDocument(names[i] ?? '');
      expect(doc?.liteValue, `${file} has no lite value in the contracts`).toBeDefined();
      const content: unknown = JSON.parse(await readFile(path.join(folder, file), 'utf8'));
      expect(content, `${file} differs from the contracts; write it from configDocument().liteValue`).toEqual(
        doc?.liteValue,
      );
      expect(doc?.schema.safeParse(content).success).toBe(true);
    }
  });
});
