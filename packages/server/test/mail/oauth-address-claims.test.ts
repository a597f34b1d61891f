/**
 * OAuth sign-in of an address another mailbox already claims: the provider's sign-in proves a
 * waiting mailbox of the store's own, takes an address from another store's unproven claim, and is
 * refused (409) for an address another store has proven. Set-up in oauth-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { adminOfNewStore, exchange, idToken, provider, setUpOAuthApp, t } from './oauth-setup';

setUpOAuthApp();
describe('OAuth sign-in of a mailbox', () => {
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
});
