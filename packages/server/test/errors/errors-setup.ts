/**
 * Set-up of the error and access tests (test/errors/*): one app with 60 s tokens signed with a
 * known secret, a store with an administrator signed in and a victim user. A test file calls
 * setUpErrors() once; the values below are set in its beforeAll.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export const JWT_SECRET = randomBytes(32).toString('hex');
export let t: TestApp;
export let store: StoreFixture;
export let admin: UserFixture;
export let adminSession: Session;
export let victim: UserFixture;

export function setUpErrors(): void {
  beforeAll(async () => {
    t = await createTestApp({ TOKEN_TTL_SECONDS: '60', JWT_SECRET });
    store = await createStore(t.db);
    admin = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
    victim = await createUser(t.db, store.tenantId);
    adminSession = await signIn(t.app, admin);
  });
  afterAll(() => t.close());
}

/** No error answer may carry a stack trace or a source path. */
export function expectNoStack(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(response.body).not.toMatch(/\.(ts|js):\d+/);
  expect(response.body).not.toMatch(/node_modules|"stack"/);
}
