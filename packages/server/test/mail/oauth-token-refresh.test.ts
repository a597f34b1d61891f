/**
 * OAuth token refresh before a sign-in to the mailbox's servers: a token about to run out is
 * renewed (the rotated refresh token saved first), one with time left is not, and a refused renewal
 * flags the mailbox failing. Set-up in oauth-setup.ts.
 */
import net from 'node:net';
import type { TTestMailboxResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { MailboxJob } from '../../src/modules/mail/intake/mailbox-job.worker';
import { getMailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import type { OAuthTokens } from '../../src/modules/mail/accounts/oauth-tokens';
import { call } from '../helpers/api';
import { freePort } from '../helpers/mail-servers';
import { adminOfNewStore, googleMailbox, provider, setUpOAuthApp, storedTokens, t } from './oauth-setup';

setUpOAuthApp();
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
