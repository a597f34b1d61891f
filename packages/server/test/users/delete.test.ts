/** Users through HTTP: deleting a user, and who may not be deleted. */
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  type UserBody,
  admin,
  adminSession,
  agentSession,
  checkUser,
  createViaApi,
  newUser,
  setUpUsers,
  store,
  superAdmin,
  t,
} from './users-setup';

setUpUsers();

describe('DELETE /v2/api/users/{id}', () => {
  it('deletes a user (204): the user’s token is void and the email unknown', async () => {
    const user = await createUser(t.db, store.tenantId);
    const session = await signIn(t.app, user);
    const response = await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${user.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call(t.app, session, { url: '/v2/api/users/user-preference' })).statusCode).toBe(401);
    expect((await checkUser(user.username)).statusCode).toBe(404);
    const list = await call(t.app, adminSession, { url: '/v2/api/users' });
    expect(list.json<UserBody[]>().map((u) => u.id)).not.toContain(user.id);
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${user.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses deleting oneself (400), a super administrator by an administrator (403), and to a standard user (403)', async () => {
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${admin.id}` })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${superAdmin.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, agentSession, { method: 'DELETE', url: `/v2/api/users/${admin.id}` })).statusCode,
    ).toBe(403);
    expect((await checkUser(admin.username)).body).toBe(store.tenantId);
    expect((await checkUser(superAdmin.username)).body).toBe(store.tenantId);
  });

  it('lets the email be used again after deletion', async () => {
    const created = await createViaApi(adminSession, newUser());
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${created.id}` })).statusCode,
    ).toBe(204);
    await createViaApi(adminSession, newUser({ username: created.username }));
  });
});
