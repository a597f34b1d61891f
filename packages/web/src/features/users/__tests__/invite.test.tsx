import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable, type TUserActions } from '../components/users-table';

const invited: TUser = {
  id: 7,
  username: 'nora@store.test',
  firstName: 'Nora',
  lastName: 'New',
  roles: ['STANDARD_USER'],
  preference: {},
  verifyPassword: false,
  isDisabled: false,
  isInvited: true,
  profilePicUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => startSession(makeToken(), 'demo-store'));

describe('[USERS] invitations', () => {
  it('invites by email with name and role, without a password field', async () => {
    const calls = mockFetch({ 'POST /v2/api/users/invite': () => json(201, invited) });
    const onClose = vi.fn();
    renderWithProviders(
      <UserFormModal opened isInvite user={null} roles={['STANDARD_USER', 'ADMIN_USER']} onClose={onClose} />,
    );
    expect(await screen.findByRole('dialog', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/First password/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'Nora@Store.test');
    await user.type(screen.getByLabelText(/First name/), 'Nora');
    await user.type(screen.getByLabelText(/Last name/), 'New');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(calls.find((c) => c.url === '/v2/api/users/invite')?.body))).toEqual({
      username: 'nora@store.test',
      firstName: 'Nora',
      lastName: 'New',
      roles: ['STANDARD_USER'],
    });
  });

  it('shows an invited user as Invited, with Send invitation again', async () => {
    const actions: TUserActions = {
      onEdit: vi.fn(),
      onPassword: vi.fn(),
      onPicture: vi.fn(),
      onDelete: vi.fn(),
      onDisabled: vi.fn(),
      onResendInvitation: vi.fn(),
    };
    renderWithProviders(<UsersTable users={[invited]} isLoading={false} selfId={1} actions={actions} />);
    expect(screen.getByTestId('user-invited')).toHaveTextContent('Invited');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Nora New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send invitation again' }));
    expect(actions.onResendInvitation).toHaveBeenCalledWith(invited);
  });
});
