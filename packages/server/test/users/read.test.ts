/** Users through HTTP: the store's user list and its search, one user by name, and the roles one may give. */
import { describe, expect, it } from 'vitest';
import { call, type Session } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  type ErrorBody,
  type UserBody,
  admin,
  adminSession,
  agent,
  agentSession,
  expectNoSecrets,
  other,
  setUpUsers,
  superAdmin,
  superSession,
  t,
} from './users-setup';

setUpUsers();

describe('GET /v2/api/users', () => {
  it('lists the store’s users to an administrator, without any password or hash', async () => {
    const response = await call(t.app, adminSession, { url: '/v2/api/users' });
    expect(response.statusCode).toBe(200);
    const names = response.json<UserBody[]>().map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining([admin.username, superAdmin.username, agent.username]));
    expectNoSecrets(response);
  });

  it('never lists another store’s users', async () => {
    const stranger = await createUser(t.db, other.tenantId);
    const response = await call(t.app, adminSession, { url: '/v2/api/users' });
    expect(response.json<UserBody[]>().map((u) => u.username)).not.toContain(stranger.username);
  });

  it('searches by first name, last name, full name and username', async () => {
    const search = async (term: string) => {
      const response = await call(t.app, adminSession, {
        url: `/v2/api/users?search=${encodeURIComponent(term)}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<UserBody[]>().map((u) => u.username);
    };
    expect(await search('alex')).toEqual([agent.username]);
    expect(await search('AGENT')).toEqual([agent.username]);
    expect(await search('Alex Agent')).toEqual([agent.username]);
    expect(await search(agent.username.split('@')[0] ?? '')).toEqual([agent.username]);
    expect(await search('no-such-person-xyz')).toEqual([]);
    // A LIKE wildcard is taken literally.
    expect(await search('%')).toEqual([]);
  });

  it('refuses a standard user', async () => {
    const response = await call(t.app, agentSession, { url: '/v2/api/users' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /v2/api/users/by-user-name', () => {
  const byName = (session: Session, userName: string) =>
    call(t.app, session, { url: `/v2/api/users/by-user-name?userName=${encodeURIComponent(userName)}` });

  it('answers a user’s own record, without password or hash', async () => {
    const response = await byName(agentSession, agent.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: agent.id,
      username: agent.username,
      firstName: 'Alex',
      roles: ['STANDARD_USER'],
    });
    expectNoSecrets(response);
  });

  it('refuses another user’s record to a standard user, and answers it to an administrator', async () => {
    expect((await byName(agentSession, admin.username)).statusCode).toBe(403);
    const response = await byName(adminSession, agent.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: agent.id, username: agent.username });
    expectNoSecrets(response);
  });

  it('answers 404 for an unknown user and 400 without userName', async () => {
    expect((await byName(adminSession, 'nobody@nowhere.test')).statusCode).toBe(404);
    const missing = await call(t.app, adminSession, { url: '/v2/api/users/by-user-name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().fieldErrors).toHaveProperty('userName');
  });
});

describe('GET /v2/api/users/roles', () => {
  it('gives an administrator no super-administrator roles', async () => {
    const response = await call(t.app, adminSession, { url: '/v2/api/users/roles' });
    expect(response.statusCode).toBe(200);
    const roles = response.json<string[]>();
    expect(roles).toEqual(expect.arrayContaining(['ADMIN_USER', 'STANDARD_USER', 'MANAGER_USER']));
    expect(roles).not.toContain('SUPER_ADMIN_USER');
    expect(roles).not.toContain('SUPPER_ADMIN_USER');
  });

  it('gives a super administrator both super-administrator spellings', async () => {
    const response = await call(t.app, superSession, { url: '/v2/api/users/roles' });
    expect(response.json()).toEqual(
      expect.arrayContaining(['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER', 'ADMIN_USER']),
    );
  });

  it('refuses a standard user', async () => {
    expect((await call(t.app, agentSession, { url: '/v2/api/users/roles' })).statusCode).toBe(403);
  });
});
