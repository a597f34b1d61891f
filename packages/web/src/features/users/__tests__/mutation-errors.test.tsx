import { notifications as toasts } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { UserFormModal } from '../components/user-form-modal';
import { UpgradeAccountRoute } from '../routes/upgrade-account';

const INTERNAL_TEXT = "An error occurred and your request couldn't be fulfilled.";

const external: TUser = {
  id: 5,
  username: 'shop@example.test',
  firstName: 'Shop',
  lastName: 'Owner',
  roles: ['EXT_USER'],
  preference: {},
  verifyPassword: false,
  isDisabled: false,
  isInvited: false,
  profilePicUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const notifications = () => document.querySelectorAll('.mantine-Notification-root');
/** Lets a toast asked for before now reach the screen (toasts load their module first). */
const settleToasts = () =>
  act(async () => {
    await import('@mantine/notifications');
  });

beforeEach(() => startSession(makeToken(), 'demo-store'));
afterEach(() => act(() => toasts.clean()));

describe('[USERS] failed saves', () => {
  it('the upgrade screen, which shows nothing itself, gets the global error toast', async () => {
    mockFetch({
      'GET /v2/api/users': () => json(200, [external]),
      'PUT /v2/api/users/5': () => json(500, { code: 'INTERNAL', message: 'x' }),
    });
    renderWithProviders(<UpgradeAccountRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to full user' }));
    expect(await screen.findByText(INTERNAL_TEXT)).toBeInTheDocument();
    expect(notifications()).toHaveLength(1);
  });

  it('the user form puts a server field error on its field and shows no toast', async () => {
    mockFetch({
      'PUT /v2/api/users/5': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fieldErrors: { username: 'Already taken' },
        }),
    });
    renderWithProviders(<UserFormModal opened user={external} roles={['EXT_USER']} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Already taken')).toBeInTheDocument();
    await settleToasts();
    expect(notifications()).toHaveLength(0);
  });
});
