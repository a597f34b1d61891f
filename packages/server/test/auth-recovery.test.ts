/**
 * "Forgot password?", invitations by mail, and the limits on the sign-in's first step (issue 35,
 * point 4): a mailed link chooses a password once, expires, and a newer one voids the older; the
 * answer never tells whether an address has an account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLogEntry, TUser } from '@claimdesk/contracts';
import { call, requestToken, signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from './helpers/factories';
import { mailedLinks, waitForLinks } from './helpers/password-links';
import { createTestApp, type TestApp } from './helpers/test-app';
import { passwordTokens, users } from '../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let admin: UserFixture;
let adminSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, {
    roles: ['ADMIN_USER'],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  adminSession = await signIn(t.app, admin);
});
afterAll(() => t.close());

const NEUTRAL = { message: 'If an account exists for this address, we sent a link to set a new password' };

const forgot = (app: TestApp['app'], email: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/v2/api/users/forgot-password', remoteAddress, payload: { email } });

const describeLink = (tenantId: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v2/api/users/password-link?token=${encodeURIComponent(token)}`,
    headers: { 'x-tenant-id': tenantId },
  });

const setPassword = (tenantId: string, token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/users/set-password',
    headers: { 'x-tenant-id': tenantId },
    payload: { token, password },
  });

const signInWith = (username: string, password: string) =>
  requestToken(t.app, { grant_type: 'password', username, password }, store.tenantId);

const auditActions = async (target: string): Promise<string[]> => {
  const response = await call(t.app, adminSession, {
    url: `/v2/api/audit-log?target=${encodeURIComponent(target)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: TAuditLogEntry[] }>().items.map((entry) => entry.action);
};

/** The background mail of a request is written within this; an unknown address gets none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('forgot password', () => {
  it('answers an unknown and a known address alike, and mails a link only to the known one', async () => {
    const user = await createUser(t.db, store.tenantId, { firstName: 'Kim' });
    const unknown = await forgot(t.app, 'nobody-here@nowhere.test');
    const known = await forgot(t.app, user.username);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(NEUTRAL);
    expect(known.json()).toEqual(NEUTRAL);
    expect(known.body).toBe(unknown.body);

    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    await settle();
    expect(await mailedLinks(t.dataDir, 'nobody-here@nowhere.test')).toEqual([]);
    expect(link?.subject).toBe(`Set a new password for Store ${store.tenantId}`);
    expect(link?.text).toContain('Hello Kim,');
    expect(link?.text).toContain('valid for 60 minutes');
    expect(link?.store).toBe(store.tenantId);
    // 256 random bits, base64url.
    expect(link?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is kept.
    const rows = await t.db.select({ hash: passwordTokens.tokenHash }).from(passwordTokens);
    expect(rows.map((r) => r.hash)).not.toContain(link?.token);
  });

  it('takes the same time for a known and an unknown address (the mail goes after the answer)', async () => {
    const user = await createUser(t.db, store.tenantId);
    const timed = async (email: string) => {
      const started = performance.now();
      await forgot(t.app, email, '198.51.100.77');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(`ghost-${String(i)}@nowhere.test`));
      known.push(await timed(user.username));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2] ?? 0;
    // The known address's lookup, token and mail are not in its answer's time.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(40);
  });

  it('sets the password with the link once, ends the other sessions, and signs in with it', async () => {
    const user = await createUser(t.db, store.tenantId, { firstName: 'Robin' });
    const before = await signIn(t.app, user);
    await forgot(t.app, user.username);
    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    const token = link?.token ?? '';

    const shown = await describeLink(store.tenantId, token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      kind: 'reset',
      username: user.username,
      firstName: 'Robin',
      storeName: `Store ${store.tenantId}`,
    });

    const weak = await setPassword(store.tenantId, token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ fieldErrors: Record<string, string> }>().fieldErrors.password).toBeTruthy();

    const done = await setPassword(store.tenantId, token, 'New-secret-42');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ username: user.username });

    expect((await signInWith(user.username, 'New-secret-42')).statusCode).toBe(200);
    expect((await signInWith(user.username, user.password)).statusCode).toBe(400);
    const old = await call(t.app, before, { url: `/v2/api/users/by-user-name?userName=${user.username}` });
    expect(old.statusCode).toBe(401);

    // Once only.
    expect((await setPassword(store.tenantId, token, 'Another-one-43')).statusCode).toBe(404);
    expect((await describeLink(store.tenantId, token)).statusCode).toBe(404);
    expect((await signInWith(user.username, 'Another-one-43')).statusCode).toBe(400);

    const actions = await auditActions(user.username);
    expect(actions).toEqual(expect.arrayContaining(['user.password_reset_requested', 'user.password_reset']));
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db, store.tenantId);
    await forgot(t.app, user.username);
    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    await t.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    expect((await describeLink(store.tenantId, link?.token ?? '')).statusCode).toBe(404);
    const refused = await setPassword(store.tenantId, link?.token ?? '', 'Too-late-123');
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(
      'This link is no longer valid. Ask for a new one.',
    );
    expect((await signInWith(user.username, user.password)).statusCode).toBe(200);
  });

  it('voids the older link when a newer one is mailed', async () => {
    const user = await createUser(t.db, store.tenantId);
    await forgot(t.app, user.username);
    await waitForLinks(t.dataDir, user.username, 1);
    await forgot(t.app, user.username);
    const [older, newer] = await waitForLinks(t.dataDir, user.username, 2);
    expect(older?.token).not.toBe(newer?.token);
    expect((await setPassword(store.tenantId, older?.token ?? '', 'Older-link-1')).statusCode).toBe(404);
    expect((await setPassword(store.tenantId, newer?.token ?? '', 'Newer-link-1')).statusCode).toBe(200);
    expect((await signInWith(user.username, 'Newer-link-1')).statusCode).toBe(200);
  });

  it('mails no link to a disabled user, with the same answer', async () => {
    const user = await createUser(t.db, store.tenantId);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const answer = await forgot(t.app, user.username);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual(NEUTRAL);
    await settle();
    expect(await mailedLinks(t.dataDir, user.username)).toEqual([]);
  });

  it('refuses a malformed token with a field message, never a 500', async () => {
    const response = await setPassword(store.tenantId, 'not a token!', 'Valid-pass-1');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors.token).toBeTruthy();
    const noStore = await t.app.inject({ method: 'GET', url: '/v2/api/users/password-link?token=abc' });
    expect(noStore.statusCode).toBe(400);
  });

  it('writes the mail in the store’s language', async () => {
    const norwegian = await createStore(t.db, { language: 'nr' });
    const user = await createUser(t.db, norwegian.tenantId, { firstName: 'Ola' });
    await forgot(t.app, user.username);
    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    expect(link?.subject).toBe(`Velg et nytt passord for Store ${norwegian.tenantId}`);
    expect(link?.text).toContain('Hei Ola,');
    expect(link?.store).toBe(norwegian.tenantId);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let shop: StoreFixture;
  beforeAll(async () => {
    limited = await createTestApp({
      PASSWORD_RESET_MAX_PER_ACCOUNT: '2',
      PASSWORD_RESET_MAX_PER_ADDRESS: '4',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '3',
    });
    shop = await createStore(limited.db);
  });
  afterAll(() => limited.close());

  it('limits link requests per address, known or not, with 429 and Retry-After', async () => {
    const user = await createUser(limited.db, shop.tenantId);
    for (const email of [user.username, 'ghost-limit@nowhere.test']) {
      expect((await forgot(limited.app, email, '203.0.113.1')).statusCode).toBe(202);
      expect((await forgot(limited.app, email, '203.0.113.2')).statusCode).toBe(202);
      const third = await forgot(limited.app, email, '203.0.113.3');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
    }
    await waitForLinks(limited.dataDir, user.username, 2);
    await settle();
    expect(await mailedLinks(limited.dataDir, user.username)).toHaveLength(2);
  });

  it('limits link requests per client address over all addresses', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await forgot(limited.app, `many-${String(i)}@nowhere.test`, '192.0.2.50')).statusCode).toBe(
        202,
      );
    }
    expect((await forgot(limited.app, 'many-5@nowhere.test', '192.0.2.50')).statusCode).toBe(429);
    expect((await forgot(limited.app, 'many-5@nowhere.test', '192.0.2.51')).statusCode).toBe(202);
  });

  it('keeps check-user’s answer for an unknown address, but limits such lookups per client', async () => {
    const user = await createUser(limited.db, shop.tenantId);
    const checkUser = (email: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/v2/api/stores/check-user',
        remoteAddress,
        headers: { 'content-type': 'text/plain' },
        payload: email,
      });
    // A known address gives its place back: a person who knows their address is not slowed.
    for (let i = 0; i < 5; i++)
      expect((await checkUser(user.username, '192.0.2.9')).body).toBe(shop.tenantId);
    for (let i = 0; i < 3; i++) {
      const unknown = await checkUser(`probe-${String(i)}@nowhere.test`, '192.0.2.9');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ code: string }>().code).toBe('UNKNOWN_USER');
    }
    const limitedAnswer = await checkUser('probe-4@nowhere.test', '192.0.2.9');
    expect(limitedAnswer.statusCode).toBe(429);
    expect(Number(limitedAnswer.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected; sign-in's own counts are apart from these.
    expect((await checkUser('probe-4@nowhere.test', '192.0.2.10')).statusCode).toBe(404);
    const signedIn = await limited.app.inject({
      method: 'POST',
      url: '/v2/oauth/token',
      remoteAddress: '192.0.2.9',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
        'x-tenant-id': shop.tenantId,
      },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: user.username,
        password: user.password,
      }).toString(),
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('invitations', () => {
  const invite = (body: Record<string, unknown>) =>
    call(t.app, adminSession, { method: 'POST', url: '/v2/api/users/invite', body });
  const listed = async (username: string) =>
    (await call(t.app, adminSession, { url: '/v2/api/users' }))
      .json<TUser[]>()
      .find((u) => u.username === username);

  it('creates the colleague without a usable password, mails a link, and they set theirs and sign in', async () => {
    const username = 'new.colleague@store.test';
    const created = await invite({ username, firstName: 'Nora', lastName: 'New', roles: ['STANDARD_USER'] });
    expect(created.statusCode).toBe(201);
    expect(created.json<TUser>()).toMatchObject({ username, isInvited: true, verifyPassword: false });
    expect((await listed(username))?.isInvited).toBe(true);

    const [link] = await waitForLinks(t.dataDir, username, 1);
    expect(link?.subject).toBe(`You are invited to Store ${store.tenantId} on Claimdesk`);
    expect(link?.text).toContain('Ada Admin invited you');
    expect(link?.text).toContain('valid for 7 days');
    const [row] = await t.db
      .select({ expiresAt: passwordTokens.expiresAt, kind: passwordTokens.kind })
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created.json<TUser>().id));
    expect(row?.kind).toBe('invite');
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // The first sign-in step knows them; no password works before they choose one.
    expect((await signInWith(username, 'Test-pass-123')).statusCode).toBe(400);
    expect((await describeLink(store.tenantId, link?.token ?? '')).json()).toMatchObject({ kind: 'invite' });
    expect((await setPassword(store.tenantId, link?.token ?? '', 'My-own-pass-1')).statusCode).toBe(200);
    expect((await signInWith(username, 'My-own-pass-1')).statusCode).toBe(200);
    expect((await listed(username))?.isInvited).toBe(false);

    const actions = await auditActions(username);
    expect(actions).toEqual(expect.arrayContaining(['user.invited', 'user.password_reset']));
    // The invitation is done: nothing to send again.
    const again = await call(t.app, adminSession, {
      method: 'POST',
      url: `/v2/api/users/${String(created.json<TUser>().id)}/invite`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('sends the invitation again with a new link that voids the first', async () => {
    const username = 'late.reader@store.test';
    const created = await invite({ username, firstName: 'Lee', lastName: 'Late', roles: ['STANDARD_USER'] });
    const [first] = await waitForLinks(t.dataDir, username, 1);
    const again = await call(t.app, adminSession, {
      method: 'POST',
      url: `/v2/api/users/${String(created.json<TUser>().id)}/invite`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<TUser>().isInvited).toBe(true);
    const [, second] = await waitForLinks(t.dataDir, username, 2);
    expect((await setPassword(store.tenantId, first?.token ?? '', 'First-link-1')).statusCode).toBe(404);
    expect((await setPassword(store.tenantId, second?.token ?? '', 'Second-link-1')).statusCode).toBe(200);
  });

  it('ends the invitation when an administrator sets the password instead', async () => {
    const username = 'handed.over@store.test';
    const created = await invite({
      username,
      firstName: 'Hal',
      lastName: 'Handed',
      roles: ['STANDARD_USER'],
    });
    const [link] = await waitForLinks(t.dataDir, username, 1);
    const id = created.json<TUser>().id;
    const set = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${String(id)}`,
      body: { password: 'Handed-over-2' },
    });
    expect(set.statusCode).toBe(200);
    expect((await listed(username))?.isInvited).toBe(false);
    expect((await setPassword(store.tenantId, link?.token ?? '', 'Link-after-1')).statusCode).toBe(404);
  });

  it('refuses an address already in use and a bad body with field messages', async () => {
    const taken = await invite({
      username: admin.username,
      firstName: 'A',
      lastName: 'B',
      roles: ['STANDARD_USER'],
    });
    expect(taken.statusCode).toBe(409);
    const bad = await invite({ username: 'not-an-email', firstName: '', lastName: 'B', roles: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual(
      expect.arrayContaining(['username', 'firstName', 'roles']),
    );
  });

  it('is for administrators only', async () => {
    const agent = await createUser(t.db, store.tenantId);
    const session = await signIn(t.app, agent);
    const refused = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/users/invite',
      body: { username: 'sneaky@store.test', firstName: 'S', lastName: 'N', roles: ['ADMIN_USER'] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
