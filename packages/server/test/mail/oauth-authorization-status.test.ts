/**
 * The state of a mailbox's OAuth authorization as the mail accounts card shows it: active, renewal
 * failing, expired, removed, or none for a password mailbox. Set-up in oauth-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, type Session } from '../helpers/api';
import { createMailbox } from '../helpers/factories';
import { adminOfNewStore, exchange, googleMailbox, idToken, provider, setUpOAuthApp, t } from './oauth-setup';

setUpOAuthApp();
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
