/**
 * Set-up of the case list tests (test/cases/list-*): one app and a store (supportClaim on) with an
 * agent signed in, holding 57 open claims with three timestamps in common, 3 archived and
 * 2 support cases; and helpers that read a list. A test file calls setUpCaseLists() once; the
 * values below are set in its beforeAll.
 */
import { DEFAULT_FEATURES, type TCaseListRow, type TListCasesResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import {
  createCase,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let agent: UserFixture;
export let session: Session;

export const list = async (query: string, as: Session = session) => {
  const response = await call(t.app, as, { url: `/v2/api/claims?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListCasesResponse>();
};

/** Every page of a list, following nextCursor. */
export async function allPages(
  query: string,
  as: Session = session,
): Promise<{ pages: number; rows: TCaseListRow[] }> {
  const rows: TCaseListRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: TListCasesResponse = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
    rows.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { pages, rows };
}

export const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

export function setUpCaseLists(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db, { features: { ...DEFAULT_FEATURES, supportClaim: true } });
    agent = await createUser(t.db, store.tenantId);
    session = await signIn(t.app, agent);
    // 57 open claims with three timestamps in common (ties that the id must break), 3 archived, 2 support.
    for (let i = 0; i < 57; i += 1) {
      await createCase(t.db, store.tenantId, {
        customerName: `Customer ${i}`,
        createdAt: day(i % 19),
        updatedAt: day(i % 3),
        status: i % 2 === 0 ? 'new' : 'in-progress',
      });
    }
    for (let i = 0; i < 3; i += 1) {
      await createCase(t.db, store.tenantId, { customerName: `Archived ${i}`, isArchived: true });
    }
    for (let i = 0; i < 2; i += 1) {
      await createCase(t.db, store.tenantId, { customerName: `Support ${i}`, workFlow: 'support' });
    }
  });
  afterAll(() => t.close());
}
