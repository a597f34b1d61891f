/**
 * The mail accounts screen, changing a mailbox: editing without showing or losing the password, a
 * refused delete in the server's words, and disabling with the switch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../lib/testing/fetch-mock';
import { mailbox } from './mailbox-fixture';
import {
  bodyOf,
  chooseAction,
  count,
  LIST,
  renderScreen,
  setUpMailConfigScreen,
  STATUS,
} from './mail-config-setup';

setUpMailConfigScreen();

// Modals, menus and forms under jsdom take seconds on a busy machine.
describe('[MAIL-CONFIG] the mail accounts screen', { timeout: 20_000 }, () => {
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
});
