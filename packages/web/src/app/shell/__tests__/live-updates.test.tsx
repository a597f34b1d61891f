import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LIVE_CLOSE } from '@claimdesk/contracts';
import { caseKey } from '../../../features/cases/api/get-case';
import { timelineKey } from '../../../features/cases/api/get-case-timeline';
import { caseCostsKey } from '../../../features/costs/api/get-case-costs';
import { CASE_LISTS_KEY } from '../../../features/cases/api/list-cases';
import { CasePresence } from '../../../features/cases/components/case-presence';
import { mailKey } from '../../../features/mail/api/get-mail';
import { caseMailsKey } from '../../../features/mail/api/list-case-mails';
import { INBOX_KEY } from '../../../features/mail/api/list-mails';
import { UNMAPPED_KEY } from '../../../features/mail/api/list-unmapped-mails';
import { MAIL_COUNT_KEY } from '../../../features/reports/api/get-mail-count';
import { USERS_LIST_KEY } from '../../../features/users/api/list-users';
import { stopLive, usePresence } from '../../../lib/live';
import type { TSocketLike } from '../../../lib/live-socket';
import { setNavigator } from '../../../lib/navigation';
import { createQueryClient } from '../../../lib/query-client';
import { getSession, startSession } from '../../../lib/session';
import { makeToken } from '../../../lib/testing/tokens';
import { LiveStatus } from '../live-status';
import { LiveUpdates } from '../live-updates';

class FakeSocket implements TSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
  ready() {
    this.readyState = 1;
    act(() => this.onopen?.(new Event('open')));
    this.receive({ type: 'ready', expiresAt: Date.now() + 3_600_000 });
  }
  end(code: number) {
    this.readyState = 3;
    act(() => this.onclose?.(new CloseEvent('close', { code })));
  }
}

let sockets: FakeSocket[] = [];
const createSocket = () => {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
};
const socket = () => {
  const last = sockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

/** Every query key the live events may touch, plus one they must leave alone. */
const KEYS = {
  counts: MAIL_COUNT_KEY,
  inbox: [...INBOX_KEY, 'mail', {}],
  unmapped: [...UNMAPPED_KEY, 'inbox'],
  case7Mails: caseMailsKey(7),
  case8Mails: caseMailsKey(8),
  caseLists: [...CASE_LISTS_KEY, { type: 'open', workFlow: 'claim' }],
  case7: caseKey(7),
  case7Timeline: timelineKey(7),
  case7Costs: caseCostsKey(7),
  case8: caseKey(8),
  case8Costs: caseCostsKey(8),
  mail40: mailKey(40),
  users: USERS_LIST_KEY,
} as const;
type TName = keyof typeof KEYS;

const seed = (client: QueryClient) => {
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  client.setQueryData(caseKey(7), { id: 7, caseNumber: 1007 });
};
const invalidated = (client: QueryClient): TName[] =>
  (Object.keys(KEYS) as TName[]).filter((name) => client.getQueryState(KEYS[name])?.isInvalidated);

function PresenceProbe({ caseId, isWriting }: { caseId: number; isWriting: boolean }) {
  usePresence(caseId, 'viewing');
  usePresence(isWriting ? caseId : null, 'writing');
  return <CasePresence caseId={caseId} />;
}

const renderLive = (client: QueryClient) => {
  const router = createMemoryRouter(
    [
      {
        path: '/cases',
        element: (
          <>
            <LiveUpdates createSocket={createSocket} />
            <LiveStatus collapsed={false} />
            <PresenceProbe caseId={7} isWriting={false} />
          </>
        ),
      },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { initialEntries: ['/cases'] },
  );
  setNavigator((to, options) => void router.navigate(to, options));
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
};

let client: QueryClient;
beforeEach(() => {
  sockets = [];
  startSession(makeToken({ user_name: 'ada@demo-store.test' }), 'demo-store');
  client = createQueryClient();
  seed(client);
});
afterEach(() => act(() => stopLive()));

describe('[LIVE] events in the shell', () => {
  it('signs in with the session token and store', () => {
    renderLive(client);
    socket().ready();
    expect(socket().sent[0]).toEqual({ type: 'auth', token: getSession().token, tenantId: 'demo-store' });
  });

  it.each<[string, unknown, TName[]]>([
    ['MAIL_COUNT_UPDATED', {}, ['counts', 'inbox', 'unmapped']],
    ['CLAIM_MAIL_COUNT_UPDATED', { caseId: 7 }, ['counts', 'inbox', 'case7Mails', 'caseLists']],
    ['CASE_UPDATED', { caseId: 7 }, ['caseLists', 'case7', 'case7Timeline', 'case7Costs']],
    ['MAIL_SEND_FAILED', { caseId: 7, mailLogId: 40 }, ['counts', 'case7Mails', 'mail40']],
    ['MAIL_SEND_FAILED', { caseId: null, mailLogId: 40 }, ['counts', 'unmapped', 'mail40']],
  ])('%s %j refreshes exactly its queries', (EVENT, meta, expected) => {
    renderLive(client);
    socket().ready();
    // The first ready refetches the counts; start the count from here.
    seed(client);
    socket().receive({ EVENT, meta });
    expect(invalidated(client).sort()).toEqual([...expected].sort());
  });

  it('says in a toast that a mail could not be sent, with the case number when known', async () => {
    renderLive(client);
    socket().ready();
    socket().receive({ EVENT: 'MAIL_SEND_FAILED', meta: { caseId: 7, mailLogId: 40 } });
    expect(await screen.findByText('A mail on case #1007 could not be sent.')).toBeVisible();
    socket().receive({ EVENT: 'MAIL_SEND_FAILED', meta: { caseId: null, mailLogId: 41 } });
    expect(await screen.findByText('A mail could not be sent.')).toBeVisible();
  });

  it('refetches the counts on the first ready and everything shown after a reconnect', async () => {
    renderLive(client);
    socket().ready();
    expect(invalidated(client)).toEqual(['counts']);
    seed(client);
    socket().end(LIVE_CLOSE.GOING_AWAY);
    expect(invalidated(client)).toEqual([]);
    // The reconnect waits its backoff (at most 1 s for the first one).
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(sockets).toHaveLength(2);
    socket().ready();
    expect(invalidated(client).sort()).toEqual(
      (Object.keys(KEYS) as TName[]).filter((name) => name !== 'users').sort(),
    );
  });

  it('shows who else is on the case, not the person themself', () => {
    renderLive(client);
    socket().ready();
    socket().receive({
      EVENT: 'PRESENCE',
      meta: {
        caseId: 7,
        people: [
          { username: 'ada@demo-store.test', name: 'Ada Admin', state: 'viewing' },
          { username: 'bo@demo-store.test', name: 'Bo Agent', state: 'writing' },
          { username: 'cy@demo-store.test', name: 'Cy Manager', state: 'viewing' },
        ],
      },
    });
    expect(screen.getByTestId('case-presence')).toHaveTextContent(
      'Also here: Bo Agent (writing), Cy Manager',
    );
    // The socket dropped: who is where is no longer known.
    socket().end(1006);
    expect(screen.queryByTestId('case-presence')).not.toBeInTheDocument();
  });

  it('tells the server which case the page is on once the socket is ready', async () => {
    renderLive(client);
    await act(async () => Promise.resolve());
    socket().ready();
    expect(socket().sent).toContainEqual({ type: 'presence', caseId: 7, state: 'viewing' });
  });

  it('shows the offline mark when the socket has been down for 2 seconds, and hides it when live', async () => {
    renderLive(client);
    socket().ready();
    socket().end(1006);
    expect(screen.queryByTestId('offline-mark')).not.toBeInTheDocument();
    expect(await screen.findByTestId('offline-mark', {}, { timeout: 3000 })).toHaveTextContent('Offline');
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    await act(() => new Promise((r) => setTimeout(r, 1200)));
    socket().ready();
    expect(screen.queryByTestId('offline-mark')).not.toBeInTheDocument();
  });

  it('signs out to the sign-in page when the server says the token ran out, without reconnecting', async () => {
    const router = renderLive(client);
    socket().ready();
    socket().end(LIVE_CLOSE.TOKEN_EXPIRED);
    expect(await screen.findByText('sign-in page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().token).toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(sockets).toHaveLength(1);
  });
});
