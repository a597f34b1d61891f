import http from 'node:http';
import net from 'node:net';
import type { TMailbox, TOAuthAuthorizeUrlResponse, TTestMailboxResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { MailboxJob } from '../../src/modules/mail/intake/mailbox-job.worker';
import { getMailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import type { OAuthTokens } from '../../src/modules/mail/accounts/oauth-tokens';
import { call, signIn, type Session } from '../helpers/api';
import { createMailbox, createStore, createUser } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A provider played by a real local HTTP server: token and userinfo endpoints. */
interface FakeProvider {
  url: string;
  /** Every form posted to the token endpoint, in order. */
  forms: URLSearchParams[];
  /** Bearer tokens the userinfo endpoint was called with. */
  userinfoCalls: string[];
  /** The next token answer(s): status and JSON body. */
  answers: { status: number; body: unknown }[];
  userinfo: Record<string, unknown>;
  stop: () => Promise<void>;
}

async function startProvider(): Promise<FakeProvider> {
  const provider: FakeProvider = {
    url: '',
    forms: [],
    userinfoCalls: [],
    answers: [],
    userinfo: {},
    stop: () => Promise.resolve(),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token' && request.method === 'POST') {
        provider.forms.push(new URLSearchParams(Buffer.concat(chunks).toString()));
        const answer = provider.answers.shift() ?? { status: 500, body: { error: 'no_answer_queued' } };
        response.statusCode = answer.status;
        response.end(JSON.stringify(answer.body));
      } else if (request.url === '/userinfo') {
        provider.userinfoCalls.push(request.headers.authorization ?? '');
        response.end(JSON.stringify(provider.userinfo));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${String(port)}`;
  provider.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return provider;
}

const idToken = (claims: Record<string, unknown>) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

let t: TestApp;
let provider: FakeProvider;
beforeAll(async () => {
  provider = await startProvider();
  t = await createTestApp({
    GOOGLE_OAUTH_TOKEN_URL: `${provider.url}/token`,
    GOOGLE_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
    GOOGLE_OAUTH_CLIENT_ID: 'google-client',
    GOOGLE_OAUTH_CLIENT_SECRET: 'google-secret',
    GOOGLE_OAUTH_REDIRECT_URI: 'http://localhost:3000/external/google/oauth',
    MICROSOFT_OAUTH_TOKEN_URL: `${provider.url}/token`,
    MICROSOFT_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
    MICROSOFT_OAUTH_CLIENT_ID: 'ms-client',
    MICROSOFT_OAUTH_CLIENT_SECRET: 'ms-secret',
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  provider.forms.length = 0;
  provider.userinfoCalls.length = 0;
  provider.answers = [];
  provider.userinfo = {};
});

async function adminOfNewStore() {
  const store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  return { tenantId: store.tenantId, session: await signIn(t.app, user) };
}

const exchange = (session: Session, providerName: string, code: string, query = '') =>
  call(t.app, session, {
    method: 'POST',
    url: `/v2/api/external-auth/${providerName}${query}`,
    body: { token: code },
  });

const storedTokens = async (tenantId: string, id: number): Promise<OAuthTokens | null> => {
  const row = await getMailbox(forTenant(t.db, tenantId), id);
  return row?.secretEncrypted
    ? (JSON.parse(t.app.deps.secrets.open(tenantId, row.secretEncrypted)) as OAuthTokens)
    : null;
};

/** A Google mailbox whose access token runs out in `expiresInMs`, its servers on a local port. */
async function googleMailbox(tenantId: string, expiresInMs: number, port = 1) {
  return createMailbox(t.db, t.app.deps.secrets, {
    tenantId,
    address: `g-${String(Math.random()).slice(2, 8)}@gmail.test`,
    kind: 'imap-oauth-google',
    imapHost: '127.0.0.1',
    imapPort: port,
    imapSecure: false,
    imapUser: 'me@gmail.test',
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpSecure: false,
    secret: JSON.stringify({
      accessToken: 'old-access',
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + expiresInMs,
    }),
  });
}

describe('OAuth sign-in of a mailbox', () => {
  it('answers the authorize URL with a signed state; 409 when the provider is not configured', async () => {
    const { session } = await adminOfNewStore();
    const response = await call(t.app, session, { url: '/v2/api/external-auth/google/authorize-url' });
    expect(response.statusCode).toBe(200);
    const { url, state } = response.json<TOAuthAuthorizeUrlResponse>();
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      client_id: 'google-client',
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/external/google/oauth',
      scope: 'https://mail.google.com/ openid email',
      access_type: 'offline',
      state,
    });
    const other = await createTestApp();
    try {
      const admin = await createUser(other.db, (await createStore(other.db)).tenantId, {
        roles: ['ADMIN_USER'],
      });
      const unconfigured = await call(other.app, await signIn(other.app, admin), {
        url: '/v2/api/external-auth/microsoft/authorize-url',
      });
      expect(unconfigured.statusCode).toBe(409);
      expect(unconfigured.json<{ message: string }>().message).toMatch(/MICROSOFT_OAUTH_CLIENT_ID/);
    } finally {
      await other.close();
    }
    expect(
      (await call(t.app, session, { url: '/v2/api/external-auth/yahoo/authorize-url' })).statusCode,
    ).toBe(400);
  });

  it('lists only the providers this server has a client id for, to administrators', async () => {
    const { session } = await adminOfNewStore();
    const both = await call(t.app, session, { url: '/v2/api/external-auth/providers' });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ providers: ['google', 'microsoft'] });
    const other = await createTestApp({ GOOGLE_OAUTH_CLIENT_ID: 'only-google' });
    try {
      const store = await createStore(other.db);
      const admin = await createUser(other.db, store.tenantId, { roles: ['ADMIN_USER'] });
      const onlyGoogle = await call(other.app, await signIn(other.app, admin), {
        url: '/v2/api/external-auth/providers',
      });
      expect(onlyGoogle.json()).toEqual({ providers: ['google'] });
      const agent = await createUser(other.db, store.tenantId, { roles: ['STANDARD_USER'] });
      const refused = await call(other.app, await signIn(other.app, agent), {
        url: '/v2/api/external-auth/providers',
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('exchanges the code, reads the address from the id token and creates a Google mailbox with sealed tokens', async () => {
    const { tenantId, session } = await adminOfNewStore();
    provider.answers.push({
      status: 200,
      body: {
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        expires_in: 3600,
        id_token: idToken({ email: 'Shop@Gmail.test' }),
      },
    });
    const response = await exchange(session, 'google', 'the-code', `?storeName=${tenantId}`);
    expect(response.statusCode).toBe(200);
    const box = response.json<TMailbox>();
    expect(box).toMatchObject({
      address: 'shop@gmail.test',
      kind: 'imap-oauth-google',
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      smtpHost: 'smtp.gmail.com',
      imapUser: 'shop@gmail.test',
      hasCredentials: true,
      isEnabled: true,
      state: 'ok',
      // The provider signed the account of this address in: that is its proof.
      isVerified: true,
    });
    expect(response.body).not.toMatch(/access-1|refresh-1/);
    expect(Object.fromEntries(provider.forms[0] ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://localhost:3000/external/google/oauth',
      client_id: 'google-client',
      client_secret: 'google-secret',
    });
    expect(provider.userinfoCalls).toEqual([]);
    const tokens = await storedTokens(tenantId, box.id);
    expect(tokens).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(tokens?.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    // Signing in again without a new refresh token keeps the stored one, on the same mailbox.
    provider.answers.push({
      status: 200,
      body: { access_token: 'access-2', expires_in: 3600, id_token: idToken({ email: 'shop@gmail.test' }) },
    });
    const again = await exchange(session, 'google', 'code-2');
    expect(again.json<TMailbox>().id).toBe(box.id);
    expect(await storedTokens(tenantId, box.id)).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-1',
    });
  });

  it('proves a waiting mailbox of its own, then refuses (409) another store’s sign-in for that address', async () => {
    const owner = await adminOfNewStore();
    const taken = await call(t.app, owner.session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes',
      body: { kind: 'forward', address: 'owned@gmail.test' },
    });
    expect(taken.json<TMailbox>()).toMatchObject({ isVerified: false });
    const signIn = (email: string) =>
      provider.answers.push({
        status: 200,
        body: { access_token: 'x', refresh_token: 'y', expires_in: 3600, id_token: idToken({ email }) },
      });

    signIn('owned@gmail.test');
    const proven = await exchange(owner.session, 'google', 'code');
    expect(proven.json<TMailbox>()).toMatchObject({
      id: taken.json<TMailbox>().id,
      kind: 'imap-oauth-google',
      isVerified: true,
    });

    const other = await adminOfNewStore();
    signIn('Owned@Gmail.test');
    const refused = await exchange(other.session, 'google', 'code');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');
    expect(refused.body).not.toContain(owner.tenantId);
    expect((await call(t.app, other.session, { url: '/v2/api/settings/mailboxes' })).json()).toEqual([]);
  });

  it('takes an address from another store’s claim that was never proven: the provider proved it', async () => {
    const squatter = await adminOfNewStore();
    const squatted = await call(t.app, squatter.session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes',
      body: { kind: 'forward', address: 'mine@gmail.test' },
    });
    expect(squatted.json<TMailbox>()).toMatchObject({ isVerified: false });

    const owner = await adminOfNewStore();
    provider.answers.push({
      status: 200,
      body: {
        access_token: 'x',
        refresh_token: 'y',
        expires_in: 3600,
        id_token: idToken({ email: 'mine@gmail.test' }),
      },
    });
    const signedIn = await exchange(owner.session, 'google', 'code');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<TMailbox>()).toMatchObject({ address: 'mine@gmail.test', isVerified: true });
    expect((await call(t.app, squatter.session, { url: '/v2/api/settings/mailboxes' })).json()).toEqual([]);
  });

  it('reads the address from the userinfo endpoint when there is no id token (Microsoft)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    provider.answers.push({
      status: 200,
      body: { access_token: 'ms-access', refresh_token: 'ms-refresh', expires_in: 3600 },
    });
    provider.userinfo = { email: 'claims@shop365.test' };
    const response = await exchange(session, 'microsoft', 'ms-code');
    expect(response.statusCode).toBe(200);
    expect(response.json<TMailbox>()).toMatchObject({
      address: 'claims@shop365.test',
      kind: 'imap-oauth-microsoft',
      imapHost: 'outlook.office365.com',
      smtpHost: 'smtp.office365.com',
      smtpPort: 587,
    });
    expect(provider.userinfoCalls).toEqual(['Bearer ms-access']);
    expect(provider.forms[0]?.get('client_id')).toBe('ms-client');
    expect((await storedTokens(tenantId, response.json<TMailbox>().id))?.refreshToken).toBe('ms-refresh');
  });

  it('answers 400 with the provider’s words for a refused code, and makes no mailbox', async () => {
    const { session } = await adminOfNewStore();
    provider.answers.push({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    });
    const response = await exchange(session, 'google', 'stale-code');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/invalid_grant: Bad Request/);
    const list = await call(t.app, session, { url: '/v2/api/settings/mailboxes' });
    expect(list.json<unknown[]>()).toEqual([]);
    expect((await exchange(session, 'google', '')).statusCode).toBe(400);
    expect((await exchange(session, 'aol', 'code')).statusCode).toBe(400);
  });

  it('refuses a storeName of another store (403) and a state of another store (400)', async () => {
    const a = await adminOfNewStore();
    const b = await adminOfNewStore();
    expect((await exchange(a.session, 'google', 'code', `?storeName=${b.tenantId}`)).statusCode).toBe(403);
    const { state } = (
      await call(t.app, b.session, { url: '/v2/api/external-auth/google/authorize-url' })
    ).json<TOAuthAuthorizeUrlResponse>();
    const crossed = await exchange(a.session, 'google', 'code', `?state=${encodeURIComponent(state)}`);
    expect(crossed.statusCode).toBe(400);
    expect(provider.forms).toHaveLength(0);
    provider.answers.push({
      status: 200,
      body: { access_token: 'x', id_token: idToken({ email: 'b@gmail.test' }) },
    });
    expect(
      (await exchange(b.session, 'google', 'code', `?state=${encodeURIComponent(state)}`)).statusCode,
    ).toBe(200);
  });
});

describe('token refresh', () => {
  it('refreshes a token about to run out before signing in, and saves the rotated refresh token first', async () => {
    const { tenantId, session } = await adminOfNewStore();
    // A server that looks at the stored tokens the moment the sign-in reaches it.
    const seenAtSignIn: (OAuthTokens | null)[] = [];
    const port = await freePort();
    const server = net.createServer((socket) => {
      const box = boxId;
      void storedTokens(tenantId, box).then((tokens) => {
        seenAtSignIn.push(tokens);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const mailbox = await googleMailbox(tenantId, 30_000, port);
    const boxId = mailbox.id;
    provider.answers.push({
      status: 200,
      body: { access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 3600 },
    });
    try {
      const result = await call(t.app, session, {
        method: 'POST',
        url: `/v2/api/settings/mailboxes/${mailbox.id}/test`,
      });
      expect(result.statusCode).toBe(200);
      expect(result.json<TTestMailboxResponse>().imap?.isOk).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(provider.forms.map((f) => Object.fromEntries(f))).toEqual([
      {
        grant_type: 'refresh_token',
        refresh_token: 'refresh-1',
        client_id: 'google-client',
        client_secret: 'google-secret',
      },
    ]);
    expect(seenAtSignIn.length).toBeGreaterThan(0);
    for (const seen of seenAtSignIn)
      expect(seen).toMatchObject({ accessToken: 'new-access', refreshToken: 'refresh-2' });
    expect(await storedTokens(tenantId, mailbox.id)).toMatchObject({
      accessToken: 'new-access',
      refreshToken: 'refresh-2',
    });
  });

  it('leaves a token with more than a minute left alone', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const mailbox = await googleMailbox(tenantId, 10 * 60_000);
    await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${mailbox.id}/test` });
    expect(provider.forms).toHaveLength(0);
    expect((await storedTokens(tenantId, mailbox.id))?.accessToken).toBe('old-access');
  });

  it('marks the mailbox failing with the provider’s error when the refresh is refused (fetch job and test call)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const mailbox = await googleMailbox(tenantId, -1000);
    const refused = {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    };
    provider.answers.push(refused, refused);
    const job = new MailboxJob(
      { db: t.db, files: t.app.deps.files, secrets: t.app.deps.secrets, config: t.app.deps.config },
      tenantId,
      mailbox.id,
      { pollMs: 30_000, initialBackoffMs: 60_000, maxBackoffMs: 60_000 },
    );
    job.start();
    try {
      const deadline = Date.now() + 10_000;
      while ((await getMailbox(forTenant(t.db, tenantId), mailbox.id))?.state !== 'failing') {
        if (Date.now() > deadline) throw new Error('not flagged');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await job.stop();
    }
    const flagged = await getMailbox(forTenant(t.db, tenantId), mailbox.id);
    expect(flagged?.lastError).toMatch(/invalid_grant: Token has been expired or revoked\./);
    expect(
      (await call(t.app, session, { url: '/v2/api/settings/initial-properties/mail-box-setup-status' })).body,
    ).toBe('false');

    const tested = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${mailbox.id}/test`,
    });
    // The test call answers a category only, never the other side's words.
    expect(tested.json<TTestMailboxResponse>().imap?.error).toBe('signInRefused');
    expect((await storedTokens(tenantId, mailbox.id))?.refreshToken).toBe('refresh-1');
  });
});

describe('remove-authorization', () => {
  it('forgets the tokens, disables the mailbox and flags it until signed in again', async () => {
    const { tenantId, session } = await adminOfNewStore();
    provider.answers.push({
      status: 200,
      body: {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
        id_token: idToken({ email: 'rm@gmail.test' }),
      },
    });
    const box = (await exchange(session, 'google', 'code')).json<TMailbox>();
    const url = `/v2/api/settings/initial-properties/remove-authorization/${box.id}`;
    const removed = await call(t.app, session, { method: 'DELETE', url });
    expect(removed.statusCode).toBe(204);
    const listed = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<TMailbox[]>();
    expect(listed[0]).toMatchObject({
      hasCredentials: false,
      isEnabled: false,
      state: 'failing',
      lastError: 'authorization removed',
    });
    expect(await storedTokens(tenantId, box.id)).toBeNull();
    expect(
      (await call(t.app, session, { url: '/v2/api/settings/initial-properties/mail-box-setup-status' })).body,
    ).toBe('false');
    const enable = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
      body: { isEnabled: true },
    });
    expect(enable.statusCode).toBe(409);

    provider.answers.push({
      status: 200,
      body: {
        access_token: 'b',
        refresh_token: 'r2',
        expires_in: 3600,
        id_token: idToken({ email: 'rm@gmail.test' }),
      },
    });
    const back = (await exchange(session, 'google', 'code-again')).json<TMailbox>();
    expect(back).toMatchObject({
      id: box.id,
      isEnabled: true,
      state: 'ok',
      lastError: null,
      hasCredentials: true,
    });
    expect(
      (await call(t.app, session, { url: '/v2/api/settings/initial-properties/mail-box-setup-status' })).body,
    ).toBe('true');

    const forward = (
      await call(t.app, session, {
        method: 'POST',
        url: '/v2/api/settings/mailboxes',
        body: { kind: 'forward', address: 'fw@shop.test' },
      })
    ).json<TMailbox>();
    const notOAuth = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/initial-properties/remove-authorization/${forward.id}`,
    });
    expect(notOAuth.statusCode).toBe(409);
    const stranger = await adminOfNewStore();
    expect((await call(t.app, stranger.session, { method: 'DELETE', url })).statusCode).toBe(404);
  });
});

describe('the sign-in as the mail accounts card shows it', () => {
  const listed = async (session: Session, id: number) =>
    (await call(t.app, session, { url: '/v2/api/settings/mailboxes' }))
      .json<TMailbox[]>()
      .find((m) => m.id === id);
  const testCall = (session: Session, id: number) =>
    call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${id}/test` });

  it('tells when the access token runs out, that its renewal fails once the provider refuses it, and when it works again', async () => {
    const { tenantId, session } = await adminOfNewStore();
    provider.answers.push({
      status: 200,
      body: {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
        id_token: idToken({ email: 'expiry@gmail.test' }),
      },
    });
    const signedIn = (await exchange(session, 'google', 'code')).json<TMailbox>();
    expect(signedIn.authorization).toMatchObject({ state: 'active', hasRefreshToken: true });
    const expiresAt = Date.parse(signedIn.authorization?.accessTokenExpiresAt ?? '');
    expect(expiresAt).toBeGreaterThan(Date.now() + 3500_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(signedIn.forwardTo).toBeNull();
    expect(JSON.stringify(signedIn)).not.toMatch(/"a"|"r"/);

    // A token about to run out whose renewal the provider refuses: failing, in its own words.
    const mailbox = await googleMailbox(tenantId, 30_000);
    expect((await listed(session, mailbox.id))?.authorization?.state).toBe('active');
    provider.answers.push({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    await testCall(session, mailbox.id);
    const refused = await listed(session, mailbox.id);
    expect(refused).toMatchObject({
      state: 'failing',
      authorization: { state: 'renewal-failing', hasRefreshToken: true },
    });
    expect(refused?.lastError).toMatch(/invalid_grant/);

    // Renewed at last: active again, with the new token's time.
    provider.answers.push({ status: 200, body: { access_token: 'b', expires_in: 7200 } });
    await testCall(session, mailbox.id);
    const renewed = await listed(session, mailbox.id);
    expect(renewed?.authorization).toMatchObject({ state: 'active', hasRefreshToken: true });
    expect(Date.parse(renewed?.authorization?.accessTokenExpiresAt ?? '')).toBeGreaterThan(
      Date.now() + 7100_000,
    );
  });

  it('says expired for a run-out token with nothing to renew it, removed once the authorization is removed, and nothing for a password mailbox', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const noRefresh = await createMailbox(t.db, t.app.deps.secrets, {
      tenantId,
      address: 'no-refresh@gmail.test',
      kind: 'imap-oauth-google',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapUser: 'no-refresh@gmail.test',
      smtpHost: '127.0.0.1',
      smtpPort: 1,
      secret: JSON.stringify({ accessToken: 'gone', expiresAt: Date.now() - 60_000 }),
    });
    expect((await listed(session, noRefresh.id))?.authorization).toMatchObject({
      state: 'expired',
      hasRefreshToken: false,
    });
    const removed = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/initial-properties/remove-authorization/${noRefresh.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await listed(session, noRefresh.id))?.authorization).toEqual({
      state: 'removed',
      accessTokenExpiresAt: null,
      hasRefreshToken: false,
    });

    const password = await createMailbox(t.db, t.app.deps.secrets, {
      tenantId,
      address: 'pw@shop-oauth.test',
      kind: 'imap-password',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapUser: 'pw@shop-oauth.test',
      smtpHost: '127.0.0.1',
      smtpPort: 1,
      secret: 'pw-1',
    });
    expect((await listed(session, password.id))?.authorization).toBeNull();
  });
});
