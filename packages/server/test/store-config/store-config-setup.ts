/**
 * Set-up of the store configuration tests (test/store-config/*): one app, a store and a sibling
 * store of the same company, sessions of each role (and a one-time-code contact), and helpers
 * that call the initial-properties routes. A test file calls setUpStoreConfig() once; the values
 * below are set in its beforeAll.
 */
import { DEFAULT_CLAIM_FORM, type TStoredProperty } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export const API = '/v2/api/settings/initial-properties';
export const SHARED = '/v2/shared/initial-properties';

export let t: TestApp;
export let store: StoreFixture;
export let sibling: StoreFixture;
export let superAdmin: Session;
export let legacySuperAdmin: Session;
export let admin: Session;
export let agent: Session;
export let siblingAdmin: Session;
export let contact: Session;

export function setUpStoreConfig(): void {
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
}

export const get = (s: Session, url: string) => call(t.app, s, { url });
export const send = (s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, s, { method, url, ...(body !== undefined && { body }) });
export const resolved = async (s: Session, name: string, base = API) => {
  const response = await get(s, `${base}/json-config/${name}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};
export const stored = async (s: Session, name: string, base = API) => {
  const response = await get(s, `${base}/findone/${name}`);
  return response.statusCode === 200 ? response.json<TStoredProperty>() : null;
};

/** The claim form with the second field of the first group turned into an unknown type. */
export const badForm = () => {
  const form = structuredClone(DEFAULT_CLAIM_FORM) as { groups: { fields: { type: string }[] }[] };
  const field = form.groups[0]?.fields[1];
  if (field) field.type = 'colour-picker';
  return form;
};

export const menuOf = (key: string) => [{ key, label: `Menu ${key}`, workFlow: 'claim' }];
