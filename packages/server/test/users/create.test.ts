/** Users through HTTP: creating a user, with field errors, taken emails and who may give which role. */
import type { TErrorResponse, TFieldIssue } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, requestToken } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  type ErrorBody,
  adminSession,
  agent,
  agentSession,
  checkUser,
  createViaApi,
  expectNoSecrets,
  newUser,
  other,
  setUpUsers,
  store,
  superSession,
  t,
} from './users-setup';

setUpUsers();

describe('POST /v2/api/users', () => {
  it('creates a user (201) who must choose a new password at first sign-in', async () => {
    const body = newUser();
    const response = await call(t.app, adminSession, { method: 'POST', url: '/v2/api/users', body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: body.username,
      firstName: 'Nina',
      lastName: 'New',
      roles: ['STANDARD_USER'],
      verifyPassword: true,
    });
    expectNoSecrets(response);

    expect((await checkUser(body.username)).body).toBe(store.tenantId);
    const token = await requestToken(
      t.app,
      { grant_type: 'password', username: body.username, password: body.password },
      store.tenantId,
    );
    expect(token.statusCode).toBe(400);
    expect(token.json()).toEqual({ error: 'invalid_grant', error_description: 'Required to reset password' });
  });

  it('refuses an email already in use, in this store or another, with 409 on username', async () => {
    const taken = await createUser(t.db, other.tenantId);
    for (const username of [agent.username, agent.username.toUpperCase(), taken.username]) {
      const response = await call(t.app, adminSession, {
        method: 'POST',
        url: '/v2/api/users',
        body: newUser({ username }),
      });
      expect(response.statusCode, username).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: { username: expect.any(String) as string },
      });
    }
  });

  it('refuses bad input with 400 and field errors', async () => {
    // Each with the coded issue a client translates.
    const cases: [Record<string, unknown>, string, TFieldIssue][] = [
      [newUser({ username: 'not-an-email' }), 'username', { code: 'invalid_email' }],
      [newUser({ firstName: '' }), 'firstName', { code: 'required' }],
      [newUser({ firstName: '   ' }), 'firstName', { code: 'required' }],
      [{ ...newUser(), lastName: undefined }, 'lastName', { code: 'not_text' }],
      [newUser({ password: 'short1' }), 'password', { code: 'too_short', params: { min: 8 } }],
      [newUser({ password: 'no-digits-here' }), 'password', { code: 'needs_digit' }],
      [newUser({ password: '1234567890' }), 'password', { code: 'needs_letter' }],
      [newUser({ roles: [] }), 'roles', { code: 'no_role' }],
      [newUser({ roles: ['KING'] }), 'roles.0', { code: 'not_an_option' }],
    ];
    for (const [body, field, issue] of cases) {
      const response = await call(t.app, adminSession, { method: 'POST', url: '/v2/api/users', body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.json<ErrorBody>().fieldErrors ?? {}), JSON.stringify(body)).toContain(
        field,
      );
      expect(response.json<TErrorResponse>().fieldIssues?.[field], JSON.stringify(body)).toEqual(issue);
    }
  });

  it('refuses a standard user, and an administrator giving a super-administrator role', async () => {
    expect(
      (await call(t.app, agentSession, { method: 'POST', url: '/v2/api/users', body: newUser() })).statusCode,
    ).toBe(403);
    for (const role of ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER']) {
      const body = newUser({ roles: ['ADMIN_USER', role] });
      const response = await call(t.app, adminSession, { method: 'POST', url: '/v2/api/users', body });
      expect(response.statusCode, role).toBe(403);
      expect((await checkUser(body.username)).statusCode).toBe(404);
    }
  });

  it('lets a super administrator give a super-administrator role', async () => {
    const created = await createViaApi(superSession, newUser({ roles: ['SUPER_ADMIN_USER'] }));
    expect(created.roles).toEqual(['SUPER_ADMIN_USER']);
  });
});
