import { notifications as toasts } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TMailbox } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch, text, type TRecordedCall } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { MailConfigRoute } from '../routes/mail-config';
import { addMailConfigTexts, mailbox, withModalsAndBadge } from './mailbox-fixture';

const LIST = '/v2/api/settings/mailboxes';
const STATUS = '/v2/api/settings/initial-properties/mail-box-setup-status';
const EMPTY = 'No mail account yet: add one or connect Google/Microsoft.';

beforeAll(() => {
  addMailConfigTexts();
  // Menus, modals and toasts open on a busy machine in more than the default second.
  configure({ asyncUtilTimeout: 4000 });
});
beforeEach(() => startSession(makeToken(), 'demo-store'));
afterEach(() => act(() => toasts.clean()));

const renderScreen = (boxes: TMailbox[], routes: Parameters<typeof mockFetch>[0] = {}) => {
  let current = boxes;
  const calls = mockFetch({
    [`GET ${LIST}`]: () => json(200, current),
    [`GET ${STATUS}`]: () => text(200, current.length > 0 ? 'true' : 'false'),
    'GET /v2/api/external-auth/providers': () => json(200, { providers: ['google', 'microsoft'] }),
    ...routes,
  });
  const { router } = renderRoutes(
    [
      { path: '/settings/mail-config', element: withModalsAndBadge(<MailConfigRoute />) },
      { path: '/access-denied', element: <p>denied</p> },
    ],
    '/settings/mail-config',
  );
  const setList = (next: TMailbox[]) => {
    current = next;
  };
  return { calls, router, setList };
};

const count = (calls: TRecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && new URL(c.url, 'http://x').pathname === path).length;
const bodyOf = (calls: TRecordedCall[], method: string, path: string) =>
  JSON.parse(
    String(calls.findLast((c) => c.method === method && new URL(c.url, 'http://x').pathname === path)?.body),
  ) as unknown;

/**
 * Chooses an action in a card's menu. Under a loaded jsdom, Mantine's menu transition at times
 * stays on its first frame (display: none) although the menu is open: its items are then looked
 * up whether drawn or not, once the button says the menu is open.
 */
const chooseAction = async (address: string, action: string) => {
  const button = screen.getByRole('button', { name: `Actions for ${address}` });
  await userEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  await userEvent.click(await screen.findByRole('menuitem', { name: action, hidden: true }));
};

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

  it('tests the settings before saving, shows each server’s answer, then adds the mailbox and refreshes the badge', async () => {
    const created = mailbox({ id: 9, address: 'new@shop.test', isVerified: false, verifiedAt: null });
    const { calls, setList } = renderScreen([], {
      [`POST ${LIST}/test`]: () =>
        json(200, {
          imap: { isOk: false, error: 'cannotConnect' },
          smtp: { isOk: true, error: null },
        }),
      [`POST ${LIST}`]: () => {
        setList([created]);
        return json(201, created);
      },
    });
    await screen.findByText(EMPTY);
    await userEvent.click(screen.getByRole('button', { name: 'Add mail account' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: RegExp, index = 0) => within(dialog).getAllByLabelText(label)[index] as HTMLElement;
    await userEvent.type(field(/^Email address/), 'new@shop.test');
    await userEvent.type(field(/^Server/), '127.0.0.1');
    await userEvent.clear(field(/^Port/));
    await userEvent.type(field(/^Port/), '1');
    await userEvent.type(field(/^User name/), 'new@shop.test');
    await userEvent.type(field(/^Server/, 1), 'smtp.shop.test');
    await userEvent.type(field(/^Password/), 'secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));

    const results = await within(dialog).findByTestId('connection-results');
    expect(results).toHaveTextContent(
      /Incoming \(IMAP\)\s*Failed\s*Could not connect: check the server name, the port and any firewall/,
    );
    expect(results).toHaveTextContent(/Outgoing \(SMTP\)\s*Signed in/);
    expect(bodyOf(calls, 'POST', `${LIST}/test`)).toMatchObject({
      kind: 'imap-password',
      address: 'new@shop.test',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapFolder: 'INBOX',
      smtpHost: 'smtp.shop.test',
      smtpPort: 465,
      password: 'secret-1',
    });
    expect(count(calls, 'POST', LIST)).toBe(0);

    const statusBefore = count(calls, 'GET', STATUS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('new@shop.test added. A confirmation code was mailed to it.'),
    ).toBeVisible();
    expect(bodyOf(calls, 'POST', LIST)).toMatchObject({ kind: 'imap-password', password: 'secret-1' });
    await waitFor(() => expect(count(calls, 'GET', STATUS)).toBeGreaterThan(statusBefore));
    const card = await screen.findByRole('region', { name: 'new@shop.test' });
    expect(within(card).getByTestId('verification-panel')).toBeInTheDocument();
  });

  it('marks a taken address on its field from the server’s answer', async () => {
    const { calls } = renderScreen([], {
      [`POST ${LIST}`]: () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Taken',
          fieldErrors: { address: 'This address belongs to another mailbox' },
        }),
    });
    await screen.findByText(EMPTY);
    await userEvent.click(screen.getByRole('button', { name: 'Add mail account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Forwarding' }));
    await userEvent.type(within(dialog).getByLabelText(/^Email address/), 'taken@shop.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This address belongs to another mailbox')).toBeVisible();
    expect(bodyOf(calls, 'POST', LIST)).toEqual({
      kind: 'forward',
      address: 'taken@shop.test',
      isEnabled: true,
    });
  });

  it('never shows the password back and keeps it when left empty on edit', async () => {
    const box = mailbox({ id: 4, address: 'edit@shop.test' });
    const { calls } = renderScreen([box], {
      [`PUT ${LIST}/4`]: () => json(200, { ...box, imapFolder: 'Claims' }),
    });
    await screen.findByRole('region', { name: 'edit@shop.test' });
    await chooseAction('edit@shop.test', 'Edit');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
    const folder = within(dialog).getByLabelText(/^Folder/);
    await userEvent.clear(folder);
    await userEvent.type(folder, 'Claims');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The changes to edit@shop.test are saved.');
    const body = bodyOf(calls, 'PUT', `${LIST}/4`) as Record<string, unknown>;
    expect(body).toMatchObject({ imapFolder: 'Claims', smtpUser: null });
    expect(body).not.toHaveProperty('password');
  });

  it('proves the address with the mailed code: a wrong one is marked, the right one confirms', async () => {
    const waiting = mailbox({
      id: 5,
      address: 'proof@shop.test',
      isVerified: false,
      verifiedAt: null,
      verificationSentAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    let attempts = 0;
    const { calls, setList } = renderScreen([waiting], {
      [`POST ${LIST}/5/verify`]: () => {
        attempts += 1;
        if (attempts === 1)
          return json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Wrong',
            fieldErrors: { code: 'Wrong code' },
          });
        const proven = { ...waiting, isVerified: true, verificationSentAt: null };
        setList([proven]);
        return json(200, proven);
      },
      [`POST ${LIST}/5/verification`]: () =>
        json(200, {
          sentTo: 'proof@shop.test',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          canResendAt: new Date(Date.now() + 60_000).toISOString(),
        }),
    });
    const panel = await screen.findByTestId('verification-panel');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('A new code was mailed to proof@shop.test.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();

    const code = within(panel).getByLabelText(/^Confirmation code/);
    await userEvent.type(code, 'ABCD2345');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByText('Wrong code')).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, 'wxyz 6789');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('proof@shop.test is confirmed.')).toBeVisible();
    expect(bodyOf(calls, 'POST', `${LIST}/5/verify`)).toEqual({ code: 'wxyz 6789' });
    await waitFor(() => expect(screen.queryByTestId('verification-panel')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'proof@shop.test' })).getByTestId('mailbox-status'),
    ).toHaveTextContent('Connected');
  });

  it('a refused delete says in the server’s words what is in the way', async () => {
    renderScreen([mailbox({ id: 6, address: 'busy@shop.test' })], {
      [`DELETE ${LIST}/6`]: () =>
        json(409, {
          code: 'CONFLICT',
          message:
            '2 mail(s) still wait to be sent through this mailbox; delete it once they are sent or failed',
        }),
    });
    await screen.findByRole('region', { name: 'busy@shop.test' });
    await chooseAction('busy@shop.test', 'Delete');
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Refused: 2 mail(s) still wait to be sent through this mailbox; delete it once they are sent or failed',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'busy@shop.test' })).toBeInTheDocument();
  });

  it('disables a mailbox with its switch and refreshes the setup badge', async () => {
    const box = mailbox({ id: 7, address: 'switch@shop.test' });
    const { calls, setList } = renderScreen([box], {
      [`PUT ${LIST}/7/enabled`]: () => {
        setList([{ ...box, isEnabled: false }]);
        return json(200, { ...box, isEnabled: false });
      },
    });
    const card = await screen.findByRole('region', { name: 'switch@shop.test' });
    await screen.findByText('true');
    const before = count(calls, 'GET', STATUS);
    await userEvent.click(within(card).getByRole('switch', { name: 'Enabled' }));
    expect(await screen.findByText('switch@shop.test is disabled.')).toBeVisible();
    expect(bodyOf(calls, 'PUT', `${LIST}/7/enabled`)).toEqual({ isEnabled: false });
    await waitFor(() => expect(count(calls, 'GET', STATUS)).toBeGreaterThan(before));
    await waitFor(() => expect(within(card).getByTestId('mailbox-status')).toHaveTextContent('Disabled'));
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
