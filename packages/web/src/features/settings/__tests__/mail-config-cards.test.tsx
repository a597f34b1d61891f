/**
 * The mail accounts screen, its mailbox cards: each mailbox's state with a failure in the server's
 * words, the empty state's offers, and access denied without an administrator role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { makeToken } from '../../../lib/testing/tokens';
import { mailbox } from './mailbox-fixture';
import { renderScreen, setUpMailConfigScreen } from './mail-config-setup';

setUpMailConfigScreen();

// Modals, menus and forms under jsdom take seconds on a busy machine.
describe('[MAIL-CONFIG] the mail accounts screen', { timeout: 20_000 }, () => {
  it('shows each mailbox with its state: a failure in the server’s words and when it happened', async () => {
    renderScreen([
      mailbox({ id: 1, address: 'ok@shop.test' }),
      mailbox({
        id: 2,
        address: 'broken@shop.test',
        state: 'failing',
        lastError: 'Sign-in refused: check the user name and password',
        lastErrorAt: '2026-11-25T08:15:00.000Z',
        failingSince: '2026-11-24T22:05:00.000Z',
        lastSendAt: '2026-11-24T20:00:00.000Z',
      }),
      mailbox({ id: 3, kind: 'forward', address: 'in@shop.test', imapHost: null, smtpHost: null }),
    ]);
    const ok = await screen.findByRole('region', { name: 'ok@shop.test' });
    expect(within(ok).getByTestId('mailbox-status')).toHaveTextContent('Connected');
    expect(within(ok).getByText('imap.shop.test:993, TLS')).toBeInTheDocument();
    const broken = screen.getByRole('region', { name: 'broken@shop.test' });
    expect(within(broken).getByTestId('mailbox-status')).toHaveTextContent('Failing');
    const error = within(broken).getByTestId('mailbox-error');
    expect(error).toHaveTextContent('Sign-in refused: check the user name and password');
    expect(error).toHaveTextContent(/Failing since 24 Nov 2026.*\(last attempt 25 Nov 2026/);
    expect(broken).toHaveTextContent(/Last send\s*24 Nov 2026/);
    expect(ok).toHaveTextContent(/Last send\s*Never/);
    const forward = screen.getByRole('region', { name: 'in@shop.test' });
    expect(within(forward).getByText('Through the forward to Claimdesk')).toBeInTheDocument();
    // Where to forward to is the server's answer, not this page's host.
    await userEvent.click(within(forward).getByRole('button', { name: /Forward the mail to Claimdesk/ }));
    const help = within(forward).getByTestId('forward-help');
    expect(within(help).getByText('mx.claimdesk.example')).toBeInTheDocument();
    expect(within(help).getByText('25')).toBeInTheDocument();
    expect(within(help).getByText('in@shop.test')).toBeInTheDocument();
    expect(help).not.toHaveTextContent(window.location.hostname);
  });

  it('says there is no mail account yet and offers to add one or connect Google/Microsoft', async () => {
    renderScreen([]);
    expect(
      await screen.findByText('No mail account yet: add one or connect Google/Microsoft.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: "Set up the store's mail" })).toBeVisible();
    // Offered once, in the empty state, not again in the header.
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect Microsoft 365' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add mail account' })).toBeVisible();
  });

  it('sends a user without an administrator role to access denied', async () => {
    startSession(makeToken({ authorities: ['STANDARD_USER'] }), 'demo-store');
    const { router } = renderScreen([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-denied'));
  });
});
