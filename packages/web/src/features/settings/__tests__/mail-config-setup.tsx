/**
 * What the mail-config-*.test.tsx files share (the mail accounts screen): the texts and session
 * each test starts with, the screen rendered on a mocked server whose mailbox list can change, and
 * helpers to read the recorded calls and choose an action in a mailbox card's menu. Each file calls
 * setUpMailConfigScreen() for its hooks.
 */
import { notifications as toasts } from '@mantine/notifications';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { TMailbox } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch, text, type TRecordedCall } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { MailConfigRoute } from '../routes/mail-config';
import { addMailConfigTexts, withModalsAndBadge } from './mailbox-fixture';

export const LIST = '/v2/api/settings/mailboxes';
export const STATUS = '/v2/api/settings/initial-properties/mail-box-setup-status';
export const EMPTY = 'No mail account yet: add one or connect Google/Microsoft.';

export const renderScreen = (boxes: TMailbox[], routes: Parameters<typeof mockFetch>[0] = {}) => {
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

export const count = (calls: TRecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && new URL(c.url, 'http://x').pathname === path).length;
export const bodyOf = (calls: TRecordedCall[], method: string, path: string) =>
  JSON.parse(
    String(calls.findLast((c) => c.method === method && new URL(c.url, 'http://x').pathname === path)?.body),
  ) as unknown;

/**
 * Chooses an action in a card's menu. Under a loaded jsdom, Mantine's menu transition at times
 * stays on its first frame (display: none) although the menu is open: its items are then looked
 * up whether drawn or not, once the button says the menu is open.
 */
export const chooseAction = async (address: string, action: string) => {
  const button = screen.getByRole('button', { name: `Actions for ${address}` });
  await userEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  await userEvent.click(await screen.findByRole('menuitem', { name: action, hidden: true }));
};

/** Registers the file's hooks: the screen's texts, slower async look-ups, a session, no toasts left. */
export function setUpMailConfigScreen(): void {
  beforeAll(() => {
    addMailConfigTexts();
    // Menus, modals and toasts open on a busy machine in more than the default second.
    configure({ asyncUtilTimeout: 4000 });
  });
  beforeEach(() => startSession(makeToken(), 'demo-store'));
  afterEach(() => act(() => toasts.clean()));
}
