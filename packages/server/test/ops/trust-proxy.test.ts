import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { loadConfig } from '../../src/config';

const PROXY = '127.0.0.1';

/** A wrong-password sign-in as it reaches the server through the proxy at PROXY. */
function wrongSignIn(t: TestApp, store: StoreFixture, username: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/oauth/token',
    remoteAddress: PROXY,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: CLIENT_AUTH,
      'x-tenant-id': store.tenantId,
      'x-forwarded-for': forwardedFor,
    },
    payload: new URLSearchParams({ grant_type: 'password', username, password: 'wrong-pass-1' }).toString(),
  });
}

/** Two failures from one client address are allowed (per address over all accounts); the third is refused. */
async function limitedApp(trustProxy?: string): Promise<{ t: TestApp; store: StoreFixture }> {
  const t = await createTestApp({
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: '2',
    ...(trustProxy !== undefined && { TRUST_PROXY: trustProxy }),
  });
  return { t, store: await createStore(t.db) };
}

describe('TRUST_PROXY', () => {
  describe('set to the proxy address', () => {
    let t: TestApp;
    let store: StoreFixture;
    beforeAll(async () => ({ t, store } = await limitedApp(PROXY)));
    afterAll(() => t.close());

    it('counts failed sign-ins by the client address in X-Forwarded-For', async () => {
      const user = await createUser(t.db, store.tenantId);
      for (let i = 0; i < 2; i++)
        expect((await wrongSignIn(t, store, user.username, '198.51.100.7')).statusCode).toBe(400);
      expect((await wrongSignIn(t, store, user.username, '198.51.100.7')).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await wrongSignIn(t, store, user.username, '198.51.100.8')).statusCode).toBe(400);
    });

    it('takes the address the trusted proxy saw, not what the client wrote before it', async () => {
      const user = await createUser(t.db, store.tenantId);
      // The client forged "203.0.113.1"; the proxy appended the address it really came from.
      for (let i = 0; i < 2; i++)
        expect(
          (await wrongSignIn(t, store, user.username, `203.0.113.${String(i + 1)}, 198.51.100.20`))
            .statusCode,
        ).toBe(400);
      expect((await wrongSignIn(t, store, user.username, '203.0.113.9, 198.51.100.20')).statusCode).toBe(429);
    });
  });

  describe('with a hop count', () => {
    let t: TestApp;
    let store: StoreFixture;
    beforeAll(async () => ({ t, store } = await limitedApp('1')));
    afterAll(() => t.close());

    it('counts by the address one hop before the server', async () => {
      const user = await createUser(t.db, store.tenantId);
      for (let i = 0; i < 2; i++)
        expect((await wrongSignIn(t, store, user.username, '198.51.100.30')).statusCode).toBe(400);
      expect((await wrongSignIn(t, store, user.username, '198.51.100.30')).statusCode).toBe(429);
      expect((await wrongSignIn(t, store, user.username, '198.51.100.31')).statusCode).toBe(400);
    });
  });

  describe('unset (the default)', () => {
    let t: TestApp;
    let store: StoreFixture;
    beforeAll(async () => ({ t, store } = await limitedApp()));
    afterAll(() => t.close());

    it('ignores X-Forwarded-For: a client cannot pick a fresh address for each guess', async () => {
      const user = await createUser(t.db, store.tenantId);
      expect((await wrongSignIn(t, store, user.username, '198.51.100.40')).statusCode).toBe(400);
      expect((await wrongSignIn(t, store, user.username, '198.51.100.41')).statusCode).toBe(400);
      // Both counted against the connection's address: a third "new" client is refused too.
      expect((await wrongSignIn(t, store, user.username, '198.51.100.42')).statusCode).toBe(429);
    });
  });

  it('accepts hop counts and address lists, and refuses anything else by name', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '0', 'proxy.example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
