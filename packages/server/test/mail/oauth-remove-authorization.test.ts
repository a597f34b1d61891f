/**
 * Removing a mailbox's OAuth authorization: its tokens forgotten, the mailbox disabled and flagged
 * until signed in again; refused for a mailbox without OAuth and another store's. Set-up in
 * oauth-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { adminOfNewStore, exchange, idToken, provider, setUpOAuthApp, storedTokens, t } from './oauth-setup';

setUpOAuthApp();
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
