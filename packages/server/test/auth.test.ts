import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mailTo, mailedCodes, requestToken, signIn } from './helpers/api';
import {
  createContact,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: UserFixture;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
});
afterAll(() => t.close());

const checkUser = (payload: string, contentType = 'text/plain') =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': contentType },
    payload,
  });

describe('check-user', () => {
  it('answers the tenant id as text for a password user', async () => {
    const response = await checkUser(admin.username.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(store.tenantId);
  });

  it('accepts the email as a JSON string too', async () => {
    const response = await checkUser(JSON.stringify(admin.username), 'application/json');
    expect(response.body).toBe(store.tenantId);
  });

  it('answers otp for a contact and mails a 6-digit code', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const response = await checkUser(contact.email);
    expect(response.body).toBe('otp');
    expect(await mailedCodes(t.dataDir, contact.email)).toHaveLength(1);
  });

  it('says when a code was held back and when a new one can be asked for', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const first = await checkUser(contact.email);
    expect(first.headers['x-code-sent']).toBe('now');
    expect(first.headers['x-new-code-in']).toBe('30');
    const again = await checkUser(contact.email);
    expect(again.body).toBe('otp');
    expect(again.headers['x-code-sent']).toBe('earlier');
    expect(Number(again.headers['x-new-code-in'])).toBeGreaterThan(0);
    expect(Number(again.headers['x-new-code-in'])).toBeLessThanOrEqual(30);
    expect(await mailedCodes(t.dataDir, contact.email)).toHaveLength(1);
  });

  it('mails the code in the store’s language', async () => {
    const norwegian = await createStore(t.db, { language: 'nr' });
    const contact = await createContact(t.db, norwegian.tenantId);
    await checkUser(contact.email);
    const [code] = await mailedCodes(t.dataDir, contact.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await mailTo(t.dataDir, contact.email);
    expect(mail?.subject).toBe(`Din påloggingskode for Claimdesk: ${code ?? ''}`);
    expect(mail?.text).toContain(`Engangskoden din for å logge på`);
    expect(mail?.text).toContain('Den gjelder i 10 minutter');
  });

  it('answers 404 for an unknown email and 400 for a malformed one', async () => {
    const unknown = await checkUser('nobody@nowhere.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_USER' });
    const malformed = await checkUser('not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(malformed.body).not.toMatch(/at .*\.ts/);
  });
});

describe('password grant', () => {
  it('issues a signed JWT with user_name, store_name, exp and authorities', async () => {
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string }>();
    expect(body).toMatchObject({ token_type: 'bearer', store_name: store.tenantId });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      user_name: admin.username,
      store_name: store.tenantId,
      authorities: ['ADMIN_USER'],
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 9 * 3600);
  });

  it('refuses a wrong password in OAuth2 shape', async () => {
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: 'wrong-one-1' },
      store.tenantId,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad credentials' });
  });

  it('refuses a bad client secret', async () => {
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
      { authorization: `Basic ${Buffer.from('claimdesk-web:nope').toString('base64')}` },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('says Required to reset password, and the reset lets the user in with the new password only', async () => {
    const user = await createUser(t.db, store.tenantId, { mustResetPassword: true });
    const first = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: user.password },
      store.tenantId,
    );
    expect(first.json()).toEqual({ error: 'invalid_grant', error_description: 'Required to reset password' });

    const weak = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/reset-password',
      headers: { 'x-tenant-id': store.tenantId },
      payload: { username: user.username, password: 'short', oldPassword: user.password },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ fieldErrors: Record<string, string> }>().fieldErrors.password).toBeDefined();

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/reset-password',
      headers: { 'x-tenant-id': store.tenantId },
      payload: { username: user.username, password: 'Brand-new-pass-1', oldPassword: user.password },
    });
    expect(reset.statusCode).toBe(200);
    const old = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: user.password },
      store.tenantId,
    );
    expect(old.statusCode).toBe(400);
    await expect(signIn(t.app, { ...user, password: 'Brand-new-pass-1' })).resolves.toMatchObject({
      tenantId: store.tenantId,
    });
  });

  it('rate-limits failed sign-ins per account with 429 and Retry-After', async () => {
    const victim = await createUser(t.db, store.tenantId);
    for (let i = 0; i < 10; i++) {
      await requestToken(
        t.app,
        { grant_type: 'password', username: victim.username, password: 'wrong-pass-1' },
        store.tenantId,
      );
    }
    const locked = await requestToken(
      t.app,
      { grant_type: 'password', username: victim.username, password: victim.password },
      store.tenantId,
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('otp grant', () => {
  it('signs a contact in once with the mailed code, without X-TENANT-ID', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await checkUser(contact.email);
    const [code] = await mailedCodes(t.dataDir, contact.email);
    const response = await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: code ?? '' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ store_name: string; access_token: string }>();
    expect(body.store_name).toBe(store.tenantId);
    expect(decodeJwt(body.access_token)).toMatchObject({ authorities: [], grant_type: 'otp' });

    const again = await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: code ?? '' });
    expect(again.statusCode).toBe(400);
  });

  it('voids a code after 5 wrong tries', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await checkUser(contact.email);
    const [code = ''] = await mailedCodes(t.dataDir, contact.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: wrong });
    const response = await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('signed-in calls', () => {
  it('need a valid token (401), for the store in X-TENANT-ID (403)', async () => {
    const other = await createStore(t.db);
    const otherAdmin = await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] });
    const session = await signIn(t.app, otherAdmin);
    const none = await t.app.inject({
      method: 'GET',
      url: '/v2/api/stores/setting',
      headers: { 'x-tenant-id': store.tenantId },
    });
    expect(none.statusCode).toBe(401);
    const forged = await call(
      t.app,
      { token: `${session.token}x`, tenantId: other.tenantId },
      { url: '/v2/api/stores/setting' },
    );
    expect(forged.statusCode).toBe(401);
    const foreign = await call(
      t.app,
      { ...session, tenantId: store.tenantId },
      { url: '/v2/api/stores/setting' },
    );
    expect(foreign.statusCode).toBe(403);
    const own = await call(t.app, session, { url: '/v2/api/stores/setting' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ storeName: other.tenantId, companyName: other.companyName });
  });

  it('refuses an unsafe call whose X-XSRF-TOKEN does not match the cookie', async () => {
    const session = await signIn(t.app, admin);
    const response = await call(t.app, session, {
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      body: { 'nav-show': false },
      headers: { 'x-xsrf-token': 'something-else' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'XSRF_MISMATCH' });
  });

  it('issues a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/api/stores/setting' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]+;/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });
});
