/**
 * The mail accounts screen, Google and Microsoft sign-ins: until when one holds and signing in again,
 * removing an authorization, and no offer for a provider the server has not set up.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMailbox } from '@claimdesk/contracts';
import { json } from '../../../lib/testing/fetch-mock';
import { mailbox } from './mailbox-fixture';
import { chooseAction, count, renderScreen, setUpMailConfigScreen } from './mail-config-setup';

setUpMailConfigScreen();

// Modals, menus and forms under jsdom take seconds on a busy machine.
describe('[MAIL-CONFIG] the mail accounts screen', { timeout: 20_000 }, () => {
  it('says until when a Google or Microsoft sign-in holds, and asks to sign in again when its renewal fails or it expired', async () => {
    const oauth = (id: number, authorization: TMailbox['authorization'], more: Partial<TMailbox> = {}) =>
      mailbox({ id, kind: 'imap-oauth-google', address: `g${String(id)}@shop.test`, authorization, ...more });
    const { calls } = renderScreen(
      [
        oauth(11, {
          state: 'active',
          accessTokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          hasRefreshToken: true,
        }),
        oauth(
          12,
          {
            state: 'renewal-failing',
            accessTokenExpiresAt: '2026-11-25T09:00:00.000Z',
            hasRefreshToken: true,
          },
          {
            state: 'failing',
            lastError: 'google refused the sign-in (invalid_grant: Token has been expired or revoked.)',
            lastErrorAt: '2026-11-25T09:01:00.000Z',
            failingSince: '2026-11-25T09:01:00.000Z',
          },
        ),
        oauth(13, {
          state: 'expired',
          accessTokenExpiresAt: '2026-11-24T09:00:00.000Z',
          hasRefreshToken: false,
        }),
        // A disabled mailbox signs in to nothing: its token ran out and renews when it is used.
        oauth(
          14,
          { state: 'active', accessTokenExpiresAt: '2026-11-24T09:00:00.000Z', hasRefreshToken: true },
          { isEnabled: false },
        ),
      ],
      {
        'GET /v2/api/external-auth/google/authorize-url': () =>
          json(409, { code: 'CONFLICT', message: 'Set GOOGLE_OAUTH_CLIENT_ID to sign in with Google' }),
      },
    );
    const active = await screen.findByRole('region', { name: 'g11@shop.test' });
    expect(within(active).getByTestId('mailbox-authorization')).toHaveTextContent(
      /Sign-in\s*Access token valid until .*, renewed automatically/,
    );
    expect(within(active).queryByTestId('mailbox-authorization-alert')).toBeNull();

    const failing = screen.getByRole('region', { name: 'g12@shop.test' });
    expect(within(failing).getByTestId('mailbox-authorization')).toHaveTextContent(
      /Renewal failing \(access token ran out at 25 Nov 2026/,
    );
    expect(within(failing).getByTestId('mailbox-error')).toHaveTextContent('invalid_grant');
    const renew = within(failing).getByTestId('mailbox-authorization-alert');
    expect(renew).toHaveTextContent('The Google sign-in could not be renewed.');

    const idle = screen.getByRole('region', { name: 'g14@shop.test' });
    expect(within(idle).getByTestId('mailbox-authorization')).toHaveTextContent(
      /Access token ran out at 24 Nov 2026.*; renewed at the next sign-in/,
    );
    expect(within(idle).queryByTestId('mailbox-authorization-alert')).toBeNull();

    const expired = screen.getByRole('region', { name: 'g13@shop.test' });
    expect(within(expired).getByTestId('mailbox-authorization')).toHaveTextContent(/Expired at 24 Nov 2026/);
    const signInAgain = within(expired).getByTestId('mailbox-authorization-alert');
    expect(signInAgain).toHaveTextContent('The Google sign-in has expired');
    await userEvent.click(within(signInAgain).getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(count(calls, 'GET', '/v2/api/external-auth/google/authorize-url')).toBe(1));
  });

  it('an OAuth mailbox offers to remove its authorization; a provider not set up is not offered', async () => {
    const google = mailbox({
      id: 8,
      kind: 'imap-oauth-google',
      address: 'g@shop.test',
      imapHost: 'imap.gmail.com',
    });
    const { calls } = renderScreen([google], {
      [`DELETE /v2/api/settings/initial-properties/remove-authorization/8`]: () =>
        new Response(null, { status: 204 }),
      'GET /v2/api/external-auth/providers': () => json(200, { providers: ['google'] }),
    });
    const card = await screen.findByRole('region', { name: 'g@shop.test' });
    expect(within(card).getByText('Signed in with Google')).toBeInTheDocument();
    await chooseAction('g@shop.test', 'Remove authorization');
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove authorization' }));
    expect(await screen.findByText('The authorization of g@shop.test was removed.')).toBeVisible();
    expect(count(calls, 'DELETE', '/v2/api/settings/initial-properties/remove-authorization/8')).toBe(1);

    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect Microsoft 365' })).toBeNull();
  });

  it('offers no Google or Microsoft button when the server has neither, and never names its settings', async () => {
    renderScreen(
      [
        mailbox({
          id: 9,
          kind: 'imap-oauth-microsoft',
          address: 'm@shop.test',
          imapHost: 'outlook.office365.com',
          authorization: {
            state: 'expired',
            accessTokenExpiresAt: '2026-11-24T09:00:00.000Z',
            hasRefreshToken: false,
          },
        }),
      ],
      {
        'GET /v2/api/external-auth/providers': () => json(200, { providers: [] }),
        'GET /v2/api/external-auth/microsoft/authorize-url': () =>
          json(409, {
            code: 'CONFLICT',
            message: 'Sign-in with microsoft is not set up on this server (MICROSOFT_OAUTH_CLIENT_ID)',
          }),
      },
    );
    await screen.findByRole('region', { name: 'm@shop.test' });
    expect(screen.queryByRole('button', { name: 'Connect Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Microsoft 365' })).toBeNull();
    // A mailbox signed in before the setting went away: signing in again says so in plain words.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft 365' }));
    expect(
      await screen.findByText(
        'Sign-in with Microsoft 365 is not set up on this server. Ask whoever runs the server to set it up.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/MICROSOFT_OAUTH_CLIENT_ID/)).toBeNull();
  });
});
