import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '@claimdesk/contracts';
import { call, requestToken, signIn, signInWithOtp, type Session } from './helpers/api';
import {
  createCase,
  createContact,
  createItemType,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from './helpers/factories';
import { multipartFile, pngBytes } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dataExceptionCode, toErrorResponse } from '../src/lib/error-response';

const JWT_SECRET = randomBytes(32).toString('hex');
let t: TestApp;
let store: StoreFixture;
let admin: UserFixture;
let adminSession: Session;
let victim: UserFixture;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_TTL_SECONDS: '60', JWT_SECRET });
  store = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  victim = await createUser(t.db, store.tenantId);
  adminSession = await signIn(t.app, admin);
});
afterAll(() => t.close());

/** No error answer may carry a stack trace or a source path. */
function expectNoStack(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(response.body).not.toMatch(/\.(ts|js):\d+/);
  expect(response.body).not.toMatch(/node_modules|"stack"/);
}

describe('unknown paths', () => {
  it('answer a JSON 404 under /v2, signed in or not', async () => {
    const requests = [
      t.app.inject({ method: 'GET', url: '/v2/api/no-such-thing' }),
      t.app.inject({ method: 'POST', url: '/v2/nothing/here', payload: { a: 1 } }),
      t.app.inject({ method: 'GET', url: '/v2' }),
      call(t.app, adminSession, { url: '/v2/api/users/roles/extra' }),
      call(t.app, adminSession, { method: 'DELETE', url: '/v2/api/stores/setting' }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('bad input', () => {
  it('a malformed JSON body is a 400 JSON answer without a stack trace', async () => {
    for (const [method, url] of [
      ['PUT', '/v2/api/users/user-preference'],
      ['POST', '/v2/api/users'],
    ] as const) {
      const response = await call(t.app, adminSession, {
        method,
        url,
        body: '{"language": "en",',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.any(String) as string,
      });
      expectNoStack(response);
    }
  });

  it('a bad path id is a 400 with a field error on id', async () => {
    const body = { username: 'x@example.test', firstName: 'A', lastName: 'B', roles: ['STANDARD_USER'] };
    for (const id of ['abc', '0', '-1', '1.5', '1e3x']) {
      const put = await call(t.app, adminSession, { method: 'PUT', url: `/v2/api/users/${id}`, body });
      expect(put.statusCode, id).toBe(400);
      expect(put.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { id: expect.any(String) as string },
      });
      expectNoStack(put);
      const del = await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${id}` });
      expect(del.statusCode, id).toBe(400);
      expect(del.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('id');
    }
  });

  it('a bad query is a 400 with a field error', async () => {
    const response = await call(t.app, adminSession, { url: `/v2/api/users?search=${'x'.repeat(201)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('search');
  });
});

/** A 400 whose fieldErrors name `field` (or a path under it), without a stack trace. */
function expectFieldError(response: LightMyRequestResponse, field: string, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
  const body = response.json<{ code: string; fieldErrors?: Record<string, string> }>();
  expect(body.code, what).toBe('VALIDATION_FAILED');
  const fields = Object.keys(body.fieldErrors ?? {});
  expect(
    fields.some((f) => f === field || f.startsWith(`${field}.`)),
    `${what}: ${field} in ${fields.join(', ')}`,
  ).toBe(true);
  expectNoStack(response);
}

describe('values PostgreSQL cannot store (issue 19, point 5)', () => {
  const MAX_ID = 2_147_483_647;
  const NUL = 'a\u0000b';
  const LONE = 'x\ud800y';
  let caseId: number;
  let itemTypeId: number;

  beforeAll(async () => {
    caseId = (await createCase(t.db, store.tenantId)).id;
    itemTypeId = (await createItemType(t.db, store.tenantId, { key: 'hostile', names: { en: 'Hostile' } }))
      .id;
  });

  it('an id past the 32-bit range is a 400 on the id, on every kind of id route', async () => {
    const past = String(MAX_ID + 1);
    const requests: [string, string, unknown?][] = [
      ['GET', `/v2/api/claims/${past}`],
      ['GET', `/v2/api/claims/${past}/timeline`],
      ['PUT', `/v2/api/claims/${past}/archive`, { version: 1 }],
      ['DELETE', `/v2/api/users/${past}`],
      ['PUT', `/v2/api/users/update-password/${past}`, { password: 'Hostile-pass-1' }],
      ['DELETE', `/v2/api/claim-item-types/${past}`],
      ['GET', `/v2/api/claims/mails/${past}`],
      ['PUT', `/v2/api/claims/mails/resend/${past}`],
      ['DELETE', `/v2/api/settings/mail-templates/${past}`],
      ['GET', `/v2/api/claims/mails/claim/mail-compose/${past}`],
      ['DELETE', `/v2/api/settings/initial-properties/${past}`],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(t.app, adminSession, { method, url, body });
      const field = url.includes('initial-properties') ? 'propertyId' : 'id';
      if (url.includes('initial-properties')) {
        // Super administrators only: the check of the path comes first all the same.
        expect([400, 403], url).toContain(response.statusCode);
        continue;
      }
      expectFieldError(response, field, `${method} ${url}`);
    }
    const query = await call(t.app, adminSession, {
      url: `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}?mailLogId=${past}`,
    });
    expectFieldError(query, 'mailLogId', 'mailLogId in the query');
    const body = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/claims/${String(caseId)}/status`,
      body: { status: 'new', version: MAX_ID + 1 },
    });
    expectFieldError(body, 'version', 'version past the range');
  });

  it('a NUL character in any text is a 400 on its field', async () => {
    const token = await requestToken(
      t.app,
      { grant_type: 'password', username: NUL, password: 'x' },
      store.tenantId,
    );
    expect(token.statusCode, token.body).toBe(400);
    expect(token.json<{ error_description: string }>().error_description).toMatch(/^username: .*NUL/);

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/reset-password',
      headers: { 'x-tenant-id': store.tenantId },
      payload: { username: NUL, password: 'Hostile-pass-1', oldPassword: 'Other-pass-1' },
    });
    expectFieldError(reset, 'username', 'reset-password');

    const cases: [string, string, string, unknown?][] = [
      ['search', 'GET', '/v2/api/users?search=a%00b'],
      ['userName', 'GET', '/v2/api/users/by-user-name?userName=a%00b'],
      ['language', 'PUT', '/v2/api/users/user-preference', { language: NUL }],
      ['search', 'GET', '/v2/api/claims?type=open&workFlow=claim&search=a%00b'],
      [
        'subject',
        'POST',
        '/v2/api/claims/mails/claim/mail-logs',
        { caseId, to: ['a@example.test'], subject: NUL, html: '<p>x</p>' },
      ],
      [
        'subject',
        'POST',
        `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`,
        { to: ['a@example.test'], subject: NUL, html: '<p>x</p>' },
      ],
      [
        'subject',
        'POST',
        '/v2/api/settings/mail-templates',
        {
          key: 'hostile',
          workFlow: 'claim',
          sendType: 'customer',
          language: 'en',
          subject: NUL,
          body: '<p>x</p>',
        },
      ],
      ['names.en', 'POST', '/v2/api/claim-item-types', { key: 'nul', names: { en: NUL } }],
      [
        'names.en',
        'PUT',
        `/v2/api/claim-item-types/${String(itemTypeId)}`,
        { names: { en: NUL }, isDisabled: false },
      ],
      [
        'customFields.note',
        'POST',
        '/v2/api/claims',
        { workFlow: 'claim', customer: { name: 'K' }, customFields: { note: NUL } },
      ],
      ['customer.name', 'POST', '/v2/api/claims', { workFlow: 'claim', customer: { name: NUL } }],
    ];
    for (const [field, method, url, body] of cases) {
      const response = await call(t.app, adminSession, { method, url, body });
      expectFieldError(response, field, `${method} ${url}`);
    }
  });

  it('a lone surrogate in stored JSON text is a 400 on its field', async () => {
    const cases: [string, string, string, unknown][] = [
      ['language', 'PUT', '/v2/api/users/user-preference', { language: LONE }],
      ['nav.items.0', 'PUT', '/v2/api/users/user-preference', { nav: { items: [LONE] } }],
      ['description', 'PUT', `/v2/api/claims/${String(caseId)}`, { version: 1, description: LONE }],
      [
        'customFields.note',
        'POST',
        '/v2/api/claims',
        { workFlow: 'claim', customer: { name: 'K' }, customFields: { note: LONE } },
      ],
      ['names.en', 'POST', '/v2/api/claim-item-types', { key: 'lone', names: { en: LONE } }],
    ];
    for (const [field, method, url, body] of cases) {
      const response = await call(t.app, adminSession, { method, url, body });
      expectFieldError(response, field, `${method} ${url}`);
    }
  });

  it('JSON nested 20,000 deep is a 400 naming where it goes too deep', async () => {
    for (const payload of [
      `{"nav":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const response = await call(t.app, adminSession, {
        method: 'PUT',
        url: '/v2/api/users/user-preference',
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldError(response, payload.startsWith('{"nav"') ? 'nav' : 'a', 'deep JSON');
      expect(response.json<{ message: string }>().message).toMatch(/deeper than 64/);
    }
    const fine = await call(t.app, adminSession, {
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      body: { nav: [[[['sixty-four levels are fine']]]] },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('an empty page cursor is the first page, not a statement without its value', async () => {
    // Found by the hostile-input test: `?cursor=` made the list's SQL expect a cursor value.
    const response = await call(t.app, adminSession, {
      url: '/v2/api/claims?type=open&workFlow=claim&cursor=',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a database data exception that slips past the contracts is a 400, never a 500', () => {
    for (const code of ['22P05', '22021', '22003']) {
      const driverError = Object.assign(new Error('raw driver text with SQL'), { code });
      const wrapped = Object.assign(new Error('Failed query: select …'), { cause: driverError });
      expect(dataExceptionCode(wrapped)).toBe(code);
      const { status, body } = toErrorResponse(wrapped);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).not.toMatch(/SQL|select/);
    }
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '23505' })).status).toBe(500);
  });
});

describe('role gating (source section 6)', () => {
  const userManagement = (session: Session) => [
    call(t.app, session, { url: '/v2/api/users' }),
    call(t.app, session, { url: '/v2/api/users/roles' }),
    call(t.app, session, {
      method: 'POST',
      url: '/v2/api/users',
      body: {
        username: `gated-${Date.now()}@example.test`,
        firstName: 'G',
        lastName: 'G',
        roles: ['STANDARD_USER'],
        password: 'Gated-pass-1',
      },
    }),
    call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/users/${victim.id}`,
      body: { username: victim.username, firstName: 'Hacked', lastName: 'Name', roles: ['ADMIN_USER'] },
    }),
    call(t.app, session, { method: 'DELETE', url: `/v2/api/users/${victim.id}` }),
    call(t.app, session, {
      method: 'POST',
      url: `/v2/api/users/profile-picture/${victim.id}`,
      ...multipartBody(),
    }),
  ];
  const multipartBody = () => {
    const { payload, headers } = multipartFile(pngBytes());
    return { body: payload, headers };
  };

  for (const role of ['STANDARD_USER', 'MANAGER_USER', 'TEST_ROLE', 'EXT_USER'] as TRole[]) {
    it(`refuses ${role} on user management (403)`, async () => {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      for (const response of await Promise.all(userManagement(session))) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const list = await call(t.app, adminSession, {
        url: `/v2/api/users?search=${encodeURIComponent(victim.username)}`,
      });
      expect(list.json()).toMatchObject([
        { id: victim.id, firstName: 'Test', roles: ['STANDARD_USER'], profilePicUrl: null },
      ]);
    });
  }

  for (const role of ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'] as TRole[]) {
    it(`accepts ${role} as an administrator`, async () => {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      expect((await call(t.app, session, { url: '/v2/api/users' })).statusCode).toBe(200);
      const roles = await call(t.app, session, { url: '/v2/api/users/roles' });
      expect(roles.json()).toEqual(expect.arrayContaining(['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER']));
      const created = await call(t.app, session, {
        method: 'POST',
        url: '/v2/api/users',
        body: {
          username: `by-${role.toLowerCase()}@${store.tenantId}.test`,
          firstName: 'S',
          lastName: 'A',
          roles: [role],
          password: 'Super-pass-1',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    });
  }
});

describe('one-time-code sessions', () => {
  it('are refused (403) on the routes for password users', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const session = await signInWithOtp(t.app, t.dataDir, contact.email);
    const responses = await Promise.all([
      call(t.app, session, {
        url: `/v2/api/users/by-user-name?userName=${encodeURIComponent(contact.email)}`,
      }),
      call(t.app, session, { url: '/v2/api/users/user-preference' }),
      call(t.app, session, { method: 'PUT', url: '/v2/api/users/user-preference', body: { language: 'en' } }),
      call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/users/update-password/${victim.id}`,
        body: { password: 'Otp-hijack-1' },
      }),
      call(t.app, session, {
        method: 'POST',
        url: '/v2/api/users/profile-picture',
        ...(() => {
          const { payload, headers } = multipartFile(pngBytes());
          return { body: payload, headers };
        })(),
      }),
      call(t.app, session, { url: '/v2/api/users' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(403);
    }
    // The same session is otherwise valid: a contact's own routes answer it.
    expect((await call(t.app, session, { url: '/v2/api/sessions' })).statusCode).toBe(200);
  });
});

describe('token lifetime', () => {
  const claimsFor = (user: UserFixture) => ({
    user_name: user.username,
    store_name: store.tenantId,
    authorities: ['ADMIN_USER'],
    grant_type: 'password',
    company: store.companyName,
  });
  const signed = (claims: object, issuedAt: number, expiresAt: number) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(JWT_SECRET));

  it('follows TOKEN_TTL_SECONDS', async () => {
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
    );
    const claims = decodeJwt(response.json<{ access_token: string }>().access_token);
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThanOrEqual(now + 58);
    expect(claims.exp).toBeLessThanOrEqual(now + 61);
  });

  it('refuses an expired token with 401, and accepts the same token still in its lifetime', async () => {
    // The session a real sign-in started: a token names one (sid) and the account's version (sv).
    const issued = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
    );
    const { sid, sv } = decodeJwt(issued.json<{ access_token: string }>().access_token);
    const now = Math.floor(Date.now() / 1000);
    const live = await signed({ ...claimsFor(admin), sid, sv }, now, now + 60);
    expect(
      (await call(t.app, { token: live, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(200);

    const expired = await signed({ ...claimsFor(admin), sid, sv }, now - 120, now - 60);
    const response = await call(
      t.app,
      { token: expired, tenantId: store.tenantId },
      { url: '/v2/api/users' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a token signed with another key, and one with alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT(claimsFor(admin))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect(
      (await call(t.app, { token: foreign, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(401);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claimsFor(admin), iat: now, exp: now + 60 })}.`;
    expect(
      (await call(t.app, { token: unsigned, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(401);
  });
});

describe('anti-forgery', () => {
  it('refuses an unsafe call without the header or without the cookie (403), but not a GET', async () => {
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      headers: {
        authorization: `Bearer ${adminSession.token}`,
        'x-tenant-id': store.tenantId,
        cookie: 'XSRF-TOKEN=abc',
      },
      payload: { language: 'en' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ code: 'XSRF_MISMATCH' });
    const noCookie = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      headers: {
        authorization: `Bearer ${adminSession.token}`,
        'x-tenant-id': store.tenantId,
        'x-xsrf-token': 'abc',
      },
      payload: { language: 'en' },
    });
    expect(noCookie.statusCode).toBe(403);
    const get = await t.app.inject({
      method: 'GET',
      url: '/v2/api/users/user-preference',
      headers: { authorization: `Bearer ${adminSession.token}`, 'x-tenant-id': store.tenantId },
    });
    expect(get.statusCode).toBe(200);
  });
});
