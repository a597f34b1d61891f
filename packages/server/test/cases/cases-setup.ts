/**
 * Set-up of the case tests (test/cases/*): one app, a store with an administrator and an agent
 * signed in, another store, an item type, and helpers that create a case through HTTP. A test
 * file calls setUpCases() once; the values below are set in its beforeAll.
 */
import type { TCase, TTimelineEntry } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import {
  createItemType,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let other: StoreFixture;
export let admin: UserFixture;
export let agent: UserFixture;
export let agentSession: Session;
export let adminSession: Session;
export let itemTypeId: number;

export interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

export const newCase = (overrides: Record<string, unknown> = {}) => ({
  workFlow: 'claim',
  customer: { name: 'Kari Nordmann', email: 'kari@example.no', phone: '+47 912 34 567' },
  orderReference: 'ORD-1001',
  items: [{ productName: 'Kaffetrakter', sku: 'KT-100', quantity: 1, itemTypeId }],
  ...overrides,
});

export async function create(session: Session, body: unknown = newCase()) {
  return call(t.app, session, { method: 'POST', url: '/v2/api/claims', body });
}

export async function created(session: Session = agentSession, body: unknown = newCase()): Promise<TCase> {
  const response = await create(session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCase>();
}

export const timeline = async (id: number, session = agentSession) =>
  (await call(t.app, session, { url: `/v2/api/claims/${id}/timeline` })).json<TTimelineEntry[]>();

export function setUpCases(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db);
    other = await createStore(t.db);
    admin = await createUser(t.db, store.tenantId, {
      roles: ['ADMIN_USER'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    agent = await createUser(t.db, store.tenantId, { firstName: 'Alex', lastName: 'Agent' });
    agentSession = await signIn(t.app, agent);
    adminSession = await signIn(t.app, admin);
    itemTypeId = (
      await createItemType(t.db, store.tenantId, { key: 'coffee', names: { en: 'Coffee machine' } })
    ).id;
  });
  afterAll(() => t.close());
}
