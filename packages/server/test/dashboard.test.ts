/** The dashboard's figures through HTTP. */
import type { TDashboardResponse, TMyDeskResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from './helpers/api';
import { createCase, createStore, createUser, setStoreConfig, type UserFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let me: UserFixture;
let session: Session;

const DAY = 86_400_000;
/** Monday 00:00 UTC of the week `weeksAgo` weeks back. */
function mondayOf(weeksAgo: number): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return new Date(monday - weeksAgo * 7 * DAY);
}

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.db);
  const other = await createStore(t.db);
  me = await createUser(t.db, store.tenantId);
  session = await signIn(t.app, me);
  await setStoreConfig(t.db, store.tenantId, 'dashboard', { tiles: [{ key: 'open-by-status' }], weeks: 4 });
  const at = (weeksAgo: number, hours = 10) => new Date(mondayOf(weeksAgo).getTime() + hours * 3_600_000);
  await createCase(t.db, store.tenantId, { createdAt: at(3), status: 'new', customerName: 'Oldest' });
  await createCase(t.db, store.tenantId, {
    createdAt: at(2),
    status: 'new',
    assignee: me.username,
    unreadMailCount: 2,
  });
  await createCase(t.db, store.tenantId, { createdAt: at(1), status: 'in-progress', assignee: me.username });
  await createCase(t.db, store.tenantId, {
    createdAt: at(1),
    status: 'resolved',
    closedAt: at(0),
    assignee: me.username,
  });
  await createCase(t.db, store.tenantId, { createdAt: at(0), status: 'new', workFlow: 'support' });
  await createCase(t.db, store.tenantId, {
    createdAt: at(0),
    status: 'resolved',
    isArchived: true,
    closedAt: at(0),
  });
  await createCase(t.db, store.tenantId, { createdAt: at(0), status: 'new', deletedAt: at(0) });
  await createCase(t.db, store.tenantId, {
    createdAt: at(9),
    status: 'new',
    customerName: 'Before the window',
  });
  await createCase(t.db, other.tenantId, { createdAt: at(0), status: 'new' });
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('counts open cases per workflow and status, created and closed per week, oldest open, my cases', async () => {
    const response = await call(t.app, session, { url: '/v2/api/reports/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TDashboardResponse>();
    expect(body.openByStatus).toEqual([
      { workFlow: 'claim', status: 'in-progress', count: 1 },
      { workFlow: 'claim', status: 'new', count: 3 },
      { workFlow: 'claim', status: 'resolved', count: 1 },
      { workFlow: 'support', status: 'new', count: 1 },
    ]);
    expect(body.perWeek).toEqual([
      { weekStart: mondayOf(3).toISOString().slice(0, 10), created: 1, closed: 0 },
      { weekStart: mondayOf(2).toISOString().slice(0, 10), created: 1, closed: 0 },
      { weekStart: mondayOf(1).toISOString().slice(0, 10), created: 2, closed: 0 },
      { weekStart: mondayOf(0).toISOString().slice(0, 10), created: 2, closed: 2 },
    ]);
    expect(body.oldestOpen.map((r) => r.customerName).slice(0, 2)).toEqual(['Before the window', 'Oldest']);
    expect(body.oldestOpen).toHaveLength(5);
    expect(body.myCases.open).toBe(2);
    expect(body.myCases.unread).toBe(1);
    expect(body.myCases.rows.every((r) => r.assignee === me.username)).toBe(true);
  });

  it('is for staff only', async () => {
    const ext = await signIn(t.app, await createUser(t.db, me.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, ext, { url: '/v2/api/reports/dashboard' })).statusCode).toBe(403);
  });

  it('answers a manager the store’s figures (200)', async () => {
    const manager = await signIn(t.app, await createUser(t.db, me.tenantId, { roles: ['MANAGER_USER'] }));
    const response = await call(t.app, manager, { url: '/v2/api/reports/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDashboardResponse>().openByStatus.length).toBeGreaterThan(0);
  });
});

describe('dashboard weeks in the reader’s time zone', () => {
  it('counts a case made at Monday 00:30 in Oslo in that week for an Oslo reader, the week before in UTC', async () => {
    const store = await createStore(t.db);
    const reader = await signIn(t.app, await createUser(t.db, store.tenantId));
    await setStoreConfig(t.db, store.tenantId, 'dashboard', { tiles: [{ key: 'open-by-status' }], weeks: 4 });
    // Sunday 23:30 UTC: Monday 00:30 in Oslo in winter, 01:30 in summer.
    await createCase(t.db, store.tenantId, { createdAt: new Date(mondayOf(1).getTime() - 30 * 60_000) });
    const createdPerWeek = async (query: string) => {
      const response = await call(t.app, reader, { url: `/v2/api/reports/dashboard${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TDashboardResponse>().perWeek.map((w) => [w.weekStart, w.created]);
    };
    const week = (weeksAgo: number) => mondayOf(weeksAgo).toISOString().slice(0, 10);
    expect(await createdPerWeek('?timeZone=Europe%2FOslo')).toEqual([
      [week(3), 0],
      [week(2), 0],
      [week(1), 1],
      [week(0), 0],
    ]);
    expect(await createdPerWeek('')).toEqual([
      [week(3), 0],
      [week(2), 1],
      [week(1), 0],
      [week(0), 0],
    ]);
  });

  it('refuses a time zone that does not exist (400 on the field)', async () => {
    const response = await call(t.app, session, { url: '/v2/api/reports/dashboard?timeZone=Mars%2FOlympus' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('timeZone');
  });
});

describe('my desk', () => {
  it('lists an agent’s own open cases, the late ones and those with unread mail, never others’', async () => {
    const store = await createStore(t.db);
    const other = await createStore(t.db);
    const agent = await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] });
    const colleague = await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] });
    const old = new Date(Date.now() - 10 * DAY);
    await createCase(t.db, store.tenantId, {
      customerName: 'Fresh',
      assignee: agent.username,
      status: 'new',
    });
    await createCase(t.db, store.tenantId, {
      customerName: 'Late',
      assignee: agent.username,
      status: 'new',
      createdAt: old,
      updatedAt: old,
    });
    await createCase(t.db, store.tenantId, {
      customerName: 'Unread',
      assignee: agent.username,
      status: 'new',
      unreadMailCount: 3,
    });
    await createCase(t.db, store.tenantId, { customerName: 'Colleague', assignee: colleague.username });
    await createCase(t.db, store.tenantId, {
      customerName: 'Closed',
      assignee: agent.username,
      status: 'resolved',
      closedAt: new Date(),
    });
    await createCase(t.db, store.tenantId, {
      customerName: 'Archived',
      assignee: agent.username,
      isArchived: true,
      updatedAt: old,
    });
    // Another store's case assigned to the same username never shows.
    await createCase(t.db, other.tenantId, {
      customerName: 'Elsewhere',
      assignee: agent.username,
      updatedAt: old,
      unreadMailCount: 1,
    });

    const response = await call(t.app, await signIn(t.app, agent), { url: '/v2/api/reports/my-desk' });
    expect(response.statusCode, response.body).toBe(200);
    const desk = response.json<TMyDeskResponse>();
    const names = (list: TMyDeskResponse['open']) => list.rows.map((r) => r.customerName).sort();
    expect(desk.lateDays).toBe(7);
    expect(names(desk.open)).toEqual(['Fresh', 'Late', 'Unread']);
    expect(desk.open.count).toBe(3);
    expect(names(desk.late)).toEqual(['Late']);
    expect(desk.late.count).toBe(1);
    expect(names(desk.unread)).toEqual(['Unread']);
    expect(desk.unread.count).toBe(1);
  });

  it('is for staff only', async () => {
    const ext = await signIn(t.app, await createUser(t.db, me.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, ext, { url: '/v2/api/reports/my-desk' })).statusCode).toBe(403);
  });
});
