/**
 * Set-up of the user management tests (test/users/*): one app, a store with an administrator, a
 * super administrator and an agent signed in, another store, and helpers. A test file calls
 * setUpUsers() once; the values below are set in its beforeAll.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let other: StoreFixture;
export let admin: UserFixture;
export let adminSession: Session;
export let superAdmin: UserFixture;
export let superSession: Session;
export let agent: UserFixture;
export let agentSession: Session;

export interface UserBody {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  roles: string[];
  verifyPassword: boolean;
  profilePicUrl: string | null;
}
export interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function setUpUsers(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db);
    other = await createStore(t.db);
    admin = await createUser(t.db, store.tenantId, {
      roles: ['ADMIN_USER'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    superAdmin = await createUser(t.db, store.tenantId, {
      roles: ['SUPER_ADMIN_USER'],
      firstName: 'Sam',
      lastName: 'Super',
    });
    agent = await createUser(t.db, store.tenantId, {
      roles: ['STANDARD_USER'],
      firstName: 'Alex',
      lastName: 'Agent',
    });
    adminSession = await signIn(t.app, admin);
    superSession = await signIn(t.app, superAdmin);
    agentSession = await signIn(t.app, agent);
  });
  afterAll(() => t.close());
}

export const checkUser = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

/** No user answer may carry a password or its hash, under any key. */
export function expectNoSecrets(response: LightMyRequestResponse): void {
  const keys = [...response.body.matchAll(/"([^"]*password[^"]*)"\s*:/gi)].map((m) => m[1]);
  expect(keys.filter((k) => k !== 'verifyPassword')).toEqual([]);
  expect(response.body).not.toContain('$argon2');
  expect(response.body.toLowerCase()).not.toContain('hash');
}

export const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `new-${String(Math.random()).slice(2, 10)}@${store.tenantId}.test`,
  firstName: 'Nina',
  lastName: 'New',
  roles: ['STANDARD_USER'],
  password: 'Initial-pass-1',
  ...overrides,
});

export async function createViaApi(session: Session, body: Record<string, unknown>): Promise<UserBody> {
  const response = await call(t.app, session, { method: 'POST', url: '/v2/api/users', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UserBody>();
}
