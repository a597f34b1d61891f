/**
 * The administrators' everyday documents (issue 35.5): a store's administrator reads and writes
 * its own store's case form, list columns, statuses, menu and words through /store-forms, with
 * the JSON editor's schema and version checks and an audit entry; agents and other stores cannot.
 */
import {
  DEFAULT_CLAIM_FORM,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  type TListAuditLogResponse,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from './helpers/api';
import { createContact, createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const FORMS = '/v2/api/settings/store-forms';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let adminName: string;
let otherAdmin: Session;
let agent: Session;
let manager: Session;
let contact: Session;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  const other = await createStore(t.db, { companyId: store.companyId });
  const adminUser = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  adminName = adminUser.username;
  admin = await signIn(t.app, adminUser);
  agent = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] }));
  manager = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['MANAGER_USER'] }));
  otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  const { email } = await createContact(t.db, store.tenantId);
  contact = await signInWithOtp(t.app, t.dataDir, email);
});
afterAll(() => t.close());

const read = async (s: Session, name: string) => {
  const response = await call(t.app, s, { url: `${FORMS}/${name}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TStoreFormResponse>();
};
const save = (s: Session, name: string, value: unknown, version: number | null) =>
  call(t.app, s, { method: 'PUT', url: `${FORMS}/${name}`, body: { value, version } });
const resolved = async (s: Session, name: string) =>
  (await call(t.app, s, { url: `/v2/api/settings/initial-properties/json-config/${name}` })).json<unknown>();

/** The claim form with a required warranty select as the first field of its first group. */
const withWarranty = (label = 'Warranty') => ({
  ...DEFAULT_CLAIM_FORM,
  groups: DEFAULT_CLAIM_FORM.groups.map((g, i) =>
    i === 0
      ? {
          ...g,
          fields: [
            {
              key: 'custom.warranty',
              label,
              type: 'select',
              required: true,
              options: [
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ],
            },
            ...g.fields,
          ],
        }
      : g,
  ),
});

describe('reading', () => {
  it('answers the value that applies, its source and no version while the store has none', async () => {
    const form = await read(admin, 'form.claim');
    expect(form).toMatchObject({ name: 'form.claim', source: 'default', version: null });
    expect(form.value).toEqual(DEFAULT_CLAIM_FORM);
    expect((await read(admin, 'status-options.support')).source).toBe('default');
    expect((await read(admin, 'menu')).version).toBeNull();
  });

  it('refuses documents that are not everyday ones with a field message (400)', async () => {
    for (const name of ['feature', 'dashboard', 'tabs.claim', 'search-filters.claim', 'form', 'form.Claim']) {
      const response = await call(t.app, admin, { url: `${FORMS}/${name}` });
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['name']);
    }
  });
});

describe('who may', () => {
  it('refuses agents, managers and contacts (403) and writes nothing', async () => {
    for (const session of [agent, manager, contact]) {
      expect((await call(t.app, session, { url: `${FORMS}/form.claim` })).statusCode).toBe(403);
      const response = await save(session, 'form.claim', withWarranty('Taken'), null);
      expect(response.statusCode).toBe(403);
    }
    expect((await read(admin, 'form.claim')).version).toBeNull();
  });
});

describe('saving', () => {
  it('creates the store’s own document, which the case screen then reads, and audits it', async () => {
    const response = await save(admin, 'form.claim', withWarranty(), null);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TStoreFormResponse>()).toMatchObject({ source: 'store', version: 1 });
    expect(await resolved(agent, 'form.claim')).toEqual(withWarranty());

    const audit = await call(t.app, admin, {
      url: '/v2/api/audit-log?action=config.changed&target=form.claim',
    });
    const [entry] = audit.json<TListAuditLogResponse>().items;
    expect(entry).toMatchObject({ actor: adminName, targetId: 'form.claim' });
    // The audit log masks anything named like a secret ("key"); the label shows what changed.
    expect(entry?.changes.before).toBeNull();
    expect(JSON.stringify(entry?.changes.after)).toContain('"label":"Warranty"');
  });

  it('leaves the other store’s document as it was', async () => {
    expect(await resolved(otherAdmin, 'form.claim')).toEqual(DEFAULT_CLAIM_FORM);
    expect((await read(otherAdmin, 'form.claim')).version).toBeNull();
    const own = await save(otherAdmin, 'form.claim', withWarranty('Other store'), null);
    expect(own.statusCode).toBe(200);
    expect(await resolved(admin, 'form.claim')).toEqual(withWarranty());
  });

  it('refuses a document that does not fit, naming the path of the field (400), keeping the stored one', async () => {
    const bad = withWarranty();
    const first = bad.groups[0]?.fields[0] as { options?: unknown };
    delete first.options;
    const response = await save(admin, 'form.claim', bad, 1);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'value.groups.0.fields.0.options': 'A select field needs options' },
    });
    expect((await read(admin, 'form.claim')).version).toBe(1);
  });

  it('refuses a save over a newer one (409) and keeps the newer document', async () => {
    const statuses = {
      ...DEFAULT_CLAIM_STATUS_OPTIONS,
      statuses: DEFAULT_CLAIM_STATUS_OPTIONS.statuses.map((s) =>
        s.value === 'new' ? { ...s, label: 'Fresh' } : s,
      ),
    };
    expect((await save(admin, 'status-options.claim', statuses, null)).statusCode).toBe(200);
    // Someone else opened it before that first save: their "create" is now stale.
    const late = await save(admin, 'status-options.claim', DEFAULT_CLAIM_STATUS_OPTIONS, null);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { version: expect.any(String) as string },
    });

    const second = await save(admin, 'form.claim', withWarranty('Second'), 1);
    expect(second.json<TStoreFormResponse>().version).toBe(2);
    const stale = await save(admin, 'form.claim', withWarranty('Stale'), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('version 2');
    expect(await resolved(agent, 'form.claim')).toEqual(withWarranty('Second'));
    expect(await resolved(agent, 'status-options.claim')).toEqual(statuses);
  });

  it('writes the store’s words per language, which the translations document then holds', async () => {
    const words = {
      en: { store: { 'status-claim-new': 'Fresh' } },
      nr: { store: { 'status-claim-new': 'Fersk' } },
    };
    expect((await save(admin, 'translations', words, null)).statusCode).toBe(200);
    expect(await resolved(agent, 'translations')).toEqual(words);
  });

  it('refuses malformed bodies (400)', async () => {
    for (const body of [{ value: {} }, { version: 0, value: {} }, { version: null }]) {
      const response = await call(t.app, admin, { method: 'PUT', url: `${FORMS}/menu`, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
