/**
 * The mail accounts screen, adding a mailbox: the settings tested before saving, a taken address
 * marked on its field, and the address proven with the mailed code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../lib/testing/fetch-mock';
import { mailbox } from './mailbox-fixture';
import { bodyOf, count, EMPTY, LIST, renderScreen, setUpMailConfigScreen, STATUS } from './mail-config-setup';

setUpMailConfigScreen();

// Modals, menus and forms under jsdom take seconds on a busy machine.
describe('[MAIL-CONFIG] the mail accounts screen', { timeout: 20_000 }, () => {
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
});
