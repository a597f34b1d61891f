/**
 * OAuth sign-in of a mailbox: the authorize URL and the providers offered, the code exchange that
 * creates the mailbox with sealed tokens (Google id token, Microsoft userinfo), and the refusals of a
 * bad code, another store's storeName or state. Set-up in oauth-setup.ts.
 */
import type { TMailbox, TOAuthAuthorizeUrlResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp } from '../helpers/test-app';
import { adminOfNewStore, exchange, idToken, provider, setUpOAuthApp, storedTokens, t } from './oauth-setup';

setUpOAuthApp();
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
