import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH, mailedCodes, requestToken } from './helpers/api';
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

/** A token request from a given client address, as the server sees it. */
const tokenFrom = (address: string, form: Record<string, string>, tenantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/oauth/token',
    remoteAddress: address,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: CLIENT_AUTH,
      ...(tenantId && { 'x-tenant-id': tenantId }),
    },
    payload: new URLSearchParams(form).toString(),
  });

/** How many of the answers were a checked wrong guess (400) and how many were refused unchecked (429). */
const tally = (answers: { statusCode: number }[]) => ({
  checked: answers.filter((a) => a.statusCode === 400).length,
  refused: answers.filter((a) => a.statusCode === 429).length,
});

const guesses = (count: number, send: (i: number) => Promise<{ statusCode: number }>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

describe('sign-in limits under parallel guesses (defaults: 10 per account and address, 100 per account, 50 per address)', () => {
  it('checks at most 10 of 100 wrong passwords sent at once, then refuses the right one from that address', async () => {
    const victim = await createUser(t.db, store.tenantId);
    const answers = await guesses(100, (i) =>
      tokenFrom(
        '198.51.100.1',
        { grant_type: 'password', username: victim.username, password: `wrong-pass-${String(i)}` },
        store.tenantId,
      ),
    );
    const { checked, refused } = tally(answers);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(100);
    const right = await tokenFrom(
      '198.51.100.1',
      { grant_type: 'password', username: victim.username, password: victim.password },
      store.tenantId,
    );
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The person at their own desk is not locked out by the guesser.
    const atDesk = await tokenFrom(
      '192.0.2.10',
      { grant_type: 'password', username: victim.username, password: victim.password },
      store.tenantId,
    );
    expect(atDesk.statusCode).toBe(200);
  });

  it('checks at most 10 of 100 wrong one-time codes sent at once, then refuses the right code from that address', async () => {
    const contact = await createContact(t.db, store.tenantId);
    expect((await checkUser(t.app, contact.email)).body).toBe('otp');
    const [code = ''] = await mailedCodes(t.dataDir, contact.email);
    const answers = await guesses(100, (i) =>
      tokenFrom('198.51.100.2', {
        grant_type: 'otp',
        email: contact.email,
        otp: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      }),
    );
    const { checked, refused } = tally(answers);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(100);
    const right = await tokenFrom('198.51.100.2', { grant_type: 'otp', email: contact.email, otp: code });
    expect(right.statusCode).toBe(429);
    // The contact, elsewhere, asks for a code again (the guesses voided the first) and gets in.
    expect((await checkUser(t.app, contact.email)).body).toBe('otp');
    const latest = (await mailedCodes(t.dataDir, contact.email)).at(-1) ?? '';
    const atDesk = await tokenFrom('192.0.2.14', { grant_type: 'otp', email: contact.email, otp: latest });
    expect(atDesk.statusCode).toBe(200);
  });

  it('checks at most 50 of 100 sign-ins at once for 100 accounts from one address', async () => {
    const answers = await guesses(100, (i) =>
      tokenFrom(
        '198.51.100.3',
        { grant_type: 'password', username: `nobody-${String(i)}@example.test`, password: 'wrong-pass-1' },
        store.tenantId,
      ),
    );
    const { checked, refused } = tally(answers);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(50);
    expect(checked + refused).toBe(100);
    const user = await createUser(t.db, store.tenantId);
    const form = { grant_type: 'password', username: user.username, password: user.password };
    expect((await tokenFrom('198.51.100.3', form, store.tenantId)).statusCode).toBe(429);
    expect((await tokenFrom('192.0.2.11', form, store.tenantId)).statusCode).toBe(200);
  });

  it('locks an account everywhere only past 100 failures from all addresses together', async () => {
    const victim = await createUser(t.db, store.tenantId);
    const wrong = { grant_type: 'password', username: victim.username, password: 'wrong-pass-1' };
    // Ten guessers at ten addresses, each up to its own limit of 10: 100 failures in all.
    const answers = await guesses(100, (i) =>
      tokenFrom(`203.0.113.${String(100 + (i % 10))}`, wrong, store.tenantId),
    );
    expect(tally(answers)).toEqual({ checked: 100, refused: 0 });
    const right = { grant_type: 'password', username: victim.username, password: victim.password };
    expect((await tokenFrom('192.0.2.12', right, store.tenantId)).statusCode).toBe(429);
  });

  it('forgives a person their typos once they sign in, at their own address', async () => {
    const user = await createUser(t.db, store.tenantId);
    const wrong = { grant_type: 'password', username: user.username, password: 'wrong-pass-1' };
    const right = { grant_type: 'password', username: user.username, password: user.password };
    for (let i = 0; i < 9; i++) await tokenFrom('192.0.2.13', wrong, store.tenantId);
    expect((await tokenFrom('192.0.2.13', right, store.tenantId)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await tokenFrom('192.0.2.13', wrong, store.tenantId)).statusCode).toBe(400);
    expect((await tokenFrom('192.0.2.13', right, store.tenantId)).statusCode).toBe(200);
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
