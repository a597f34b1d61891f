import type { LightMyRequestResponse } from 'fastify';
import type { TErrorResponse, TFieldIssue } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken, signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from './helpers/factories';
import { multipartFile, pngBytes } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let other: StoreFixture;
let admin: UserFixture;
let adminSession: Session;
let superAdmin: UserFixture;
let superSession: Session;
let agent: UserFixture;
let agentSession: Session;

interface UserBody {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  roles: string[];
  verifyPassword: boolean;
  profilePicUrl: string | null;
}
interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  other = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, {
    roles: ['ADMIN_USER'],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  superAdmin = await createUser(t.db, store.tenantId, {
    roles: ['SUPER_ADMIN_USER'],
    firstName: 'Sam',
    lastName: 'Super',
  });
  agent = await createUser(t.db, store.tenantId, {
    roles: ['STANDARD_USER'],
    firstName: 'Alex',
    lastName: 'Agent',
  });
  adminSession = await signIn(t.app, admin);
  superSession = await signIn(t.app, superAdmin);
  agentSession = await signIn(t.app, agent);
});
afterAll(() => t.close());

const checkUser = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

/** No user answer may carry a password or its hash, under any key. */
function expectNoSecrets(response: LightMyRequestResponse): void {
  const keys = [...response.body.matchAll(/"([^"]*password[^"]*)"\s*:/gi)].map((m) => m[1]);
  expect(keys.filter((k) => k !== 'verifyPassword')).toEqual([]);
  expect(response.body).not.toContain('$argon2');
  expect(response.body.toLowerCase()).not.toContain('hash');
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `new-${String(Math.random()).slice(2, 10)}@${store.tenantId}.test`,
  firstName: 'Nina',
  lastName: 'New',
  roles: ['STANDARD_USER'],
  password: 'Initial-pass-1',
  ...overrides,
});

async function createViaApi(session: Session, body: Record<string, unknown>): Promise<UserBody> {
  const response = await call(t.app, session, { method: 'POST', url: '/v2/api/users', body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UserBody>();
}

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

describe('POST /v2/api/users/profile-picture', () => {
  const upload = (
    session: Session,
    url: string,
    bytes: Buffer,
    options: Parameters<typeof multipartFile>[1] = {},
  ) => {
    const { payload, headers } = multipartFile(bytes, options);
    return call(t.app, session, { method: 'POST', url, body: payload, headers });
  };

  it('sets one’s own picture, served back at profilePicUrl with the same bytes, image/png and nosniff', async () => {
    const png = pngBytes(3, 2);
    const response = await upload(agentSession, '/v2/api/users/profile-picture', png);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<UserBody>();
    expect(user.id).toBe(agent.id);
    expect(user.profilePicUrl).toEqual(expect.any(String));
    expectNoSecrets(response);

    const picture = await t.app.inject({ method: 'GET', url: user.profilePicUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(picture.rawPayload, png)).toBe(0);

    const me = await call(t.app, agentSession, {
      url: `/v2/api/users/by-user-name?userName=${agent.username}`,
    });
    expect(me.json<UserBody>().profilePicUrl).toBe(user.profilePicUrl);
  });

  it('accepts a picture over the 1 MB body limit but within 5 MB', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const response = await upload(agentSession, '/v2/api/users/profile-picture', big);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets an administrator set another user’s picture by id', async () => {
    const png = pngBytes(1, 1, [1, 2, 3]);
    const response = await upload(adminSession, `/v2/api/users/profile-picture/${agent.id}`, png);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<UserBody>();
    expect(user.id).toBe(agent.id);
    const picture = await t.app.inject({ method: 'GET', url: user.profilePicUrl ?? '' });
    expect(Buffer.compare(picture.rawPayload, png)).toBe(0);
  });

  it('refuses a text file named .png (415) and a file over 5 MB (413)', async () => {
    const text = await upload(
      agentSession,
      '/v2/api/users/profile-picture',
      Buffer.from('just some text, not an image\n'),
      {
        filename: 'fake.png',
      },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json<ErrorBody>().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await upload(agentSession, '/v2/api/users/profile-picture', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a request without a file part (400)', async () => {
    const wrongField = await upload(agentSession, '/v2/api/users/profile-picture', pngBytes(), {
      field: 'picture',
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await call(t.app, agentSession, {
      method: 'POST',
      url: '/v2/api/users/profile-picture',
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 404 for another store’s user id, and 403 to a standard user addressing another by id', async () => {
    const stranger = await createUser(t.db, other.tenantId);
    const foreign = await upload(adminSession, `/v2/api/users/profile-picture/${stranger.id}`, pngBytes());
    expect(foreign.statusCode).toBe(404);
    const standard = await upload(agentSession, `/v2/api/users/profile-picture/${admin.id}`, pngBytes());
    expect(standard.statusCode).toBe(403);
  });

  it('answers 404 for a picture that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/public/profile-pictures/${'a'.repeat(64)}.png`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('NOT_FOUND');
  });
});
