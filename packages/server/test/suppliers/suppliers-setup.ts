/**
 * The set-up the suppliers-*.test.ts files share (suppliers through HTTP, a store's own and its
 * company's): a store with an administrator and an agent, and helpers to create a supplier and
 * ask which sign-in an email has. Each file calls setUpSuppliers() for its own app.
 */
import { afterAll, beforeAll } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let admin: Session;
export let agent: Session;
export const base = '/v2/api/suppliers';

export const checkUser = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

export async function create(session: Session, body: unknown, url = base) {
  return call(t.app, session, { method: 'POST', url, body });
}

/** Registers the file's beforeAll and afterAll (its own app, as each file had before the split). */
export function setUpSuppliers(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db);
    admin = {
      ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))),
      companyName: store.companyName,
    };
    agent = {
      ...(await signIn(t.app, await createUser(t.db, store.tenantId))),
      companyName: store.companyName,
    };
  });
  afterAll(() => t.close());
}
