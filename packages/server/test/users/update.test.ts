/** Users through HTTP: changing a user (email, names, roles) and what that does to their tokens. */
import { describe, expect, it } from 'vitest';
import { call, requestToken, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  type ErrorBody,
  type UserBody,
  admin,
  adminSession,
  agent,
  agentSession,
  checkUser,
  expectNoSecrets,
  setUpUsers,
  store,
  superAdmin,
  t,
} from './users-setup';

setUpUsers();

describe('PUT /v2/api/users/{id}', () => {
  it('renames a user: the new email signs in, the old one is unknown, the old token is void', async () => {
    const user = await createUser(t.db, store.tenantId, { firstName: 'Olle', lastName: 'Old' });
    const oldSession = await signIn(t.app, user);
    const renamed = `renamed-${user.id}@${store.tenantId}.test`;
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/${user.id}`,
      body: { username: renamed.toUpperCase(), firstName: 'Nils', lastName: 'New', roles: ['STANDARD_USER'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      username: renamed,
      firstName: 'Nils',
      lastName: 'New',
    });
    expectNoSecrets(response);

    expect((await checkUser(renamed)).body).toBe(store.tenantId);
    expect((await checkUser(user.username)).statusCode).toBe(404);
    const session = await signIn(t.app, { ...user, username: renamed });
    expect((await call(t.app, session, { url: '/v2/api/users/user-preference' })).statusCode).toBe(200);
    expect((await call(t.app, oldSession, { url: '/v2/api/users/user-preference' })).statusCode).toBe(401);
  });

  it('refuses renaming to an email in use (409)', async () => {
    const user = await createUser(t.db, store.tenantId);
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/${user.id}`,
      body: { username: agent.username, firstName: 'A', lastName: 'B', roles: ['STANDARD_USER'] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().fieldErrors).toHaveProperty('username');
  });

  it('refuses removing one’s own administrator role (400)', async () => {
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/${admin.id}`,
      body: { username: admin.username, firstName: 'Ada', lastName: 'Admin', roles: ['STANDARD_USER'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fieldErrors).toHaveProperty('roles');
    const me = await call(t.app, adminSession, {
      url: `/v2/api/users/by-user-name?userName=${admin.username}`,
    });
    expect(me.json<UserBody>().roles).toEqual(['ADMIN_USER']);
  });

  it('voids the user’s token when the roles change; a new sign-in carries the new roles', async () => {
    const user = await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] });
    const before = await signIn(t.app, user);
    expect((await call(t.app, before, { url: '/v2/api/users/user-preference' })).statusCode).toBe(200);
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/${user.id}`,
      body: { username: user.username, firstName: 'Test', lastName: 'User', roles: ['MANAGER_USER'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserBody>().roles).toEqual(['MANAGER_USER']);
    expect((await call(t.app, before, { url: '/v2/api/users/user-preference' })).statusCode).toBe(401);

    const after = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: user.password },
      store.tenantId,
    );
    const claims = JSON.parse(
      Buffer.from(
        after.json<{ access_token: string }>().access_token.split('.')[1] ?? '',
        'base64url',
      ).toString(),
    ) as {
      authorities: string[];
    };
    expect(claims.authorities).toEqual(['MANAGER_USER']);
  });

  it('answers 404 for an unknown id, and 403 to an administrator changing a super administrator', async () => {
    const body = { username: 'x@example.test', firstName: 'A', lastName: 'B', roles: ['STANDARD_USER'] };
    expect(
      (await call(t.app, adminSession, { method: 'PUT', url: '/v2/api/users/99999999', body })).statusCode,
    ).toBe(404);
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/${superAdmin.id}`,
      body: {
        username: superAdmin.username,
        firstName: 'Sam',
        lastName: 'Demoted',
        roles: ['STANDARD_USER'],
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a standard user', async () => {
    const response = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/users/${agent.id}`,
      body: { username: agent.username, firstName: 'Alex', lastName: 'Agent', roles: ['ADMIN_USER'] },
    });
    expect(response.statusCode).toBe(403);
  });
});
