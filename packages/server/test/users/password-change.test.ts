/** Users through HTTP: changing one's own password, and an administrator setting another's. */
import { describe, expect, it } from 'vitest';
import { call, requestToken, signIn } from '../helpers/api';
import { createUser, type UserFixture } from '../helpers/factories';
import { type ErrorBody, admin, adminSession, agentSession, setUpUsers, store, t } from './users-setup';

setUpUsers();

describe('PUT /v2/api/users/update-password/{id}', () => {
  const tokenFor = (user: UserFixture, password: string) =>
    requestToken(t.app, { grant_type: 'password', username: user.username, password }, store.tenantId);

  it('changes one’s own password with the correct old one, answering as text', async () => {
    const user = await createUser(t.db, store.tenantId);
    const session = await signIn(t.app, user);
    const response = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${user.id}`,
      body: { password: 'Changed-pass-2', oldPassword: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Password updated');
    expect((await tokenFor(user, user.password)).statusCode).toBe(400);
    expect((await tokenFor(user, 'Changed-pass-2')).statusCode).toBe(200);
  });

  it('refuses one’s own change with a wrong or missing old password', async () => {
    const user = await createUser(t.db, store.tenantId);
    const session = await signIn(t.app, user);
    for (const body of [
      { password: 'Changed-pass-2', oldPassword: 'wrong-pass-1' },
      { password: 'Changed-pass-2' },
    ]) {
      const response = await call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/users/update-password/${user.id}`,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().fieldErrors).toHaveProperty('oldPassword');
    }
    const weak = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${user.id}`,
      body: { password: 'weak', oldPassword: user.password },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().fieldErrors).toHaveProperty('password');
    expect((await tokenFor(user, user.password)).statusCode).toBe(200);
  });

  it('lets an administrator set another’s password, which that user must then reset', async () => {
    const user = await createUser(t.db, store.tenantId);
    const session = await signIn(t.app, user);
    const response = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${user.id}`,
      body: { password: 'Admin-set-pass-3' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Password updated');
    const token = await tokenFor(user, 'Admin-set-pass-3');
    expect(token.json()).toEqual({ error: 'invalid_grant', error_description: 'Required to reset password' });
    expect((await call(t.app, session, { url: '/v2/api/users/user-preference' })).statusCode).toBe(401);
  });

  it('does not let a standard user set another’s password', async () => {
    const response = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${admin.id}`,
      body: { password: 'Hijacked-pass-4' },
    });
    expect([403, 404]).toContain(response.statusCode);
    expect((await tokenFor(admin, admin.password)).statusCode).toBe(200);
  });
});
