import { notifications as toasts } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { preferenceEvents } from '../../../lib/events';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { PreferencePopup } from '../preference-popup';

beforeEach(() => startSession(makeToken(), 'demo-store'));
afterEach(() => act(() => toasts.clean()));

it("[POPUP]: a failed preference save shows the source's toast alone, not the global one too", async () => {
  mockFetch({ 'PUT /v2/api/users/user-preference': () => json(500, { code: 'INTERNAL', message: 'x' }) });
  renderWithProviders(<PreferencePopup />);
  act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: 'de' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Failed to update preferences')).toBeInTheDocument();
  // The global toast is asked for first (the cache's onError runs before the screen's).
  expect(
    screen.queryByText("An error occurred and your request couldn't be fulfilled."),
  ).not.toBeInTheDocument();
  expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
});
