import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedCodes, requestToken } from './helpers/api';
import { createContact, createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { otpCodes } from '../src/db/schema';

let t: TestApp;
let store: StoreFixture;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
});
afterAll(() => t.close());

const checkUser = (app: TestApp['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

describe('sign-in limits', () => {
  it('rate-limits failed sign-ins per address across accounts (429 with Retry-After)', async () => {
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES_PER_ADDRESS: '4' });
    const shop = await createStore(limited.db);
    const address = { remoteAddress: '203.0.113.9' };
    const token = (form: Record<string, string>) =>
      limited.app.inject({
        method: 'POST',
        url: '/v2/oauth/token',
        ...address,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
          'x-tenant-id': shop.tenantId,
        },
        payload: new URLSearchParams(form).toString(),
      });
    for (let i = 0; i < 4; i++) {
      const victim = await createUser(limited.db, shop.tenantId);
      expect(
        (await token({ grant_type: 'password', username: victim.username, password: 'wrong-pass-1' }))
          .statusCode,
      ).toBe(400);
    }
    const fresh = await createUser(limited.db, shop.tenantId);
    const locked = await token({
      grant_type: 'password',
      username: fresh.username,
      password: fresh.password,
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = await requestToken(
      limited.app,
      { grant_type: 'password', username: fresh.username, password: fresh.password },
      shop.tenantId,
    );
    expect(elsewhere.statusCode).toBe(200);
    await limited.close();
  });
});

describe('one-time codes', () => {
  it('are 6 digits and refused once expired', async () => {
    const contact = await createContact(t.db, store.tenantId);
    expect((await checkUser(t.app, contact.email)).body).toBe('otp');
    const [code = ''] = await mailedCodes(t.dataDir, contact.email);
    expect(code).toMatch(/^\d{6}$/);
    await t.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('can be asked for again right after 5 wrong tries voided the code, and the new one works', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await checkUser(t.app, contact.email);
    const [first = ''] = await mailedCodes(t.dataDir, contact.email);
    const wrong = first === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await requestToken(t.app, { grant_type: 'otp', email: contact.email, otp: wrong });
    expect((await checkUser(t.app, contact.email)).body).toBe('otp');
    const codes = await mailedCodes(t.dataDir, contact.email);
    expect(codes).toHaveLength(2);
    const response = await requestToken(t.app, {
      grant_type: 'otp',
      email: contact.email,
      otp: codes[1] ?? '',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('signing key', () => {
  it('is generated into the data folder when JWT_SECRET is unset, and signs the tokens', async () => {
    const file = path.join(t.dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    const secret = (await readFile(file, 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const user = await createUser(t.db, store.tenantId);
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: user.password },
      store.tenantId,
    );
    const token = response.json<{ access_token: string }>().access_token;
    await expect(jwtVerify(token, new TextEncoder().encode(secret))).resolves.toMatchObject({
      payload: { user_name: user.username },
    });
  });
});

describe('system mail over SMTP', () => {
  it('sends one-time codes through SMTP_URL instead of writing files', async () => {
    const received: { to: string; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const shop = await createStore(smtp.db);
      const contact = await createContact(smtp.db, shop.tenantId);
      expect((await checkUser(smtp.app, contact.email)).body).toBe('otp');
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe(contact.email);
      const code = /code: (\d{6})/.exec(received[0]?.raw ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(await mailedCodes(smtp.dataDir, contact.email)).toEqual([]);
      const response = await requestToken(smtp.app, { grant_type: 'otp', email: contact.email, otp: code });
      expect(response.statusCode).toBe(200);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
