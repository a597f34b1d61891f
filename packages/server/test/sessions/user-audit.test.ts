/**
 * The audit log of the users module (issue 34, point 3): each administrative action on a user,
 * and a person signing out everywhere, found through GET /v2/api/audit-log with who, from where
 * and what changed, never a password or its hash.
 */
import type { TAuditLogEntry, TListAuditLogResponse, TUser } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Session;
let adminUser: UserFixture;

const entries = async (action: string): Promise<TAuditLogEntry[]> => {
  const response = await call(t.app, admin, { url: `/v2/api/audit-log?action=${action}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListAuditLogResponse>().items;
};

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.db);
  adminUser = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  admin = await signIn(t.app, adminUser);
});
afterAll(() => t.close());

it('records creating, changing, disabling, the password of and deleting a user', async () => {
  const created = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/users',
    body: {
      username: 'audited@store.test',
      firstName: 'Aud',
      lastName: 'Ited',
      roles: ['STANDARD_USER'],
      password: 'First-pass-123',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const user = created.json<TUser>();
  const id = String(user.id);
  await call(t.app, admin, {
    method: 'PUT',
    url: `/v2/api/users/${id}`,
    body: { username: user.username, firstName: 'Aud', lastName: 'Ited', roles: ['MANAGER_USER'] },
  });
  await call(t.app, admin, {
    method: 'PUT',
    url: `/v2/api/users/${id}/disabled`,
    body: { isDisabled: true },
  });
  await call(t.app, admin, {
    method: 'PUT',
    url: `/v2/api/users/update-password/${id}`,
    body: { password: 'Second-pass-123' },
  });
  await call(t.app, admin, { method: 'DELETE', url: `/v2/api/users/${id}` });

  const [made] = await entries('user.created');
  expect(made).toMatchObject({
    actor: adminUser.username,
    actorAddress: '127.0.0.1',
    targetType: 'user',
    targetId: 'audited@store.test',
    changes: { after: { username: 'audited@store.test', roles: ['STANDARD_USER'] } },
  });
  const [roles] = await entries('user.roles_changed');
  expect(roles?.changes).toMatchObject({
    before: { roles: ['STANDARD_USER'] },
    after: { roles: ['MANAGER_USER'] },
  });
  expect((await entries('user.disabled'))[0]?.targetId).toBe('audited@store.test');
  expect((await entries('user.password_set'))[0]?.changes.detail).toMatchObject({ byTheUser: false });
  expect((await entries('user.deleted'))[0]?.changes.before).toMatchObject({
    username: 'audited@store.test',
  });
  const all = JSON.stringify(await entries('user.password_set')) + JSON.stringify(made);
  expect(all).not.toMatch(/pass-123|argon2/);
});

it('records a person signing out everywhere, with how many sessions ended', async () => {
  const second = await signIn(t.app, adminUser);
  expect((await call(t.app, second, { method: 'POST', url: '/v2/api/sign-out-everywhere' })).statusCode).toBe(
    204,
  );
  admin = await signIn(t.app, adminUser);
  const [ended] = await entries('user.sessions_ended');
  expect(ended).toMatchObject({ actor: adminUser.username, targetId: adminUser.username });
  expect(ended?.changes.detail?.sessionsEnded).toBe(2);
});
