import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TInboxMail } from '@claimdesk/contracts';
import { caseListRow } from '../../../../../lib/testing/case-list-row';
import { json, mockFetch, type TRecordedCall } from '../../../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../../../lib/testing/render';
import { InboxRoute } from '../../../routes/inbox';
import { addInboxTexts, inShell, listMail } from './mail-fixture';

beforeAll(addInboxTexts);

const MAILS: TInboxMail[] = [
  listMail({ id: 3, caseId: 7, caseNumber: 10023, workFlow: 'claim', subject: 'Kettle is broken' }),
  listMail({ id: 2, isRead: true, subject: 'Question about my order' }),
  listMail({
    id: 1,
    direction: 'out',
    isRead: true,
    sendState: 'failed',
    sendError: 'SMTP 550',
    subject: 'Your claim',
  }),
];

const readMail = (id: number, isRead: boolean) => {
  const { snippet, ...mail } = MAILS.find((m) => m.id === id) ?? listMail({ id });
  return { ...mail, text: snippet, html: null, isRead };
};

const renderInbox = (path = '/messages/mail') => {
  const calls = mockFetch({
    'GET /v2/api/messages/mail': () => json(200, { items: MAILS, nextCursor: null }),
    'GET /v2/api/claims/mails/3': () => json(200, readMail(3, true)),
    'PUT /v2/api/claims/mails/3/mark-read-status': (call) =>
      json(200, readMail(3, new URL(call.url, 'http://x').searchParams.get('isRead') === 'true')),
    'PUT /v2/api/claims/mails/2/mark-read-status': (call) =>
      json(200, readMail(2, new URL(call.url, 'http://x').searchParams.get('isRead') === 'true')),
    'GET /v2/api/claims': (call) => {
      const query = new URL(call.url, 'http://x').searchParams;
      const row = caseListRow({ id: 40, caseNumber: 10196, customerName: 'Kari Nilsen', workFlow: 'claim' });
      return json(200, {
        items: query.get('type') === 'archive' ? [] : [row],
        nextCursor: null,
      });
    },
    'POST /v2/api/claims/mails/move': (call) => {
      const body = JSON.parse(String(call.body)) as { mailIds: number[]; caseId: number | null };
      return json(200, {
        moved: body.mailIds.map((id) => ({
          id,
          fromCaseId: body.caseId === null ? 7 : null,
          toCaseId: body.caseId,
        })),
      });
    },
  });
  const { router } = renderRoutes(
    [
      { path: '/messages/:messageSource', element: inShell(<InboxRoute />) },
      { path: '/messages/:messageSource/:searchKey', element: inShell(<InboxRoute />) },
    ],
    path,
  );
  const listCalls = () =>
    calls
      .filter((c) => c.method === 'GET' && c.url.startsWith('/v2/api/messages/'))
      .map((c) => new URL(c.url, 'http://localhost').searchParams);
  return { calls, router, listCalls };
};

const bodies = (calls: TRecordedCall[], path: string) =>
  calls.filter((c) => c.url.startsWith(path)).map((c) => JSON.parse(String(c.body)) as unknown);

// Menus, modals and debounced typing under jsdom take seconds on a busy machine.
describe('the inbox', { timeout: 15_000 }, () => {
  it('lists the mails of the answer: sender, subject, case link or Unmapped, send state', async () => {
    renderInbox();
    const row = await screen.findByTestId('mail-row-3');
    expect(within(row).getByText('Sender 3')).toBeInTheDocument();
    expect(within(row).getByText('Kettle is broken')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#10023 · Claims' })).toHaveAttribute(
      'href',
      '/cases/open/claim/10023?tab=mails',
    );
    expect(within(screen.getByTestId('mail-row-2')).getByText('Unmapped')).toBeInTheDocument();
    expect(within(screen.getByTestId('mail-row-1')).getByText('Failed')).toBeInTheDocument();
    expect(within(screen.getByTestId('mail-row-1')).getByText('support@store.test')).toBeInTheDocument();
  });

  it('keeps the filters in the URL and sends them with the call', async () => {
    const { router, listCalls } = renderInbox('/messages/mail/kettle');
    await screen.findByTestId('mail-row-3');
    expect(listCalls()[0]?.get('search')).toBe('kettle');
    await userEvent.click(screen.getByText('Unread'));
    await waitFor(() => expect(router.state.location.search).toContain('isUnread=true'));
    await waitFor(() => expect(listCalls().at(-1)?.get('isUnread')).toBe('true'));
    expect(listCalls().at(-1)?.get('search')).toBe('kettle');
  });

  it('moves with j and k, opens with Enter (marking it read) and marks unread with u', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderInbox();
    await screen.findByTestId('mail-row-3');
    await user.keyboard('j');
    expect(screen.getByTestId('mail-row-3')).toHaveFocus();
    await user.keyboard('j');
    expect(screen.getByTestId('mail-row-2')).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByTestId('mail-row-3')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?open=3'));
    expect(within(screen.getByTestId('reading-pane')).getByText('Kettle is broken')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        'PUT /v2/api/claims/mails/3/mark-read-status?isRead=true',
      ),
    );
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('u');
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        'PUT /v2/api/claims/mails/3/mark-read-status?isRead=false',
      ),
    );
  });

  it('answers a mail on a case on its case: Reply opens the case thread with the reply ready', async () => {
    renderInbox('/messages/mail?open=3');
    const pane = await screen.findByTestId('reading-pane');
    expect(await within(pane).findByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      '/cases/open/claim/10023?tab=mails&reply=3',
    );
  });

  it('moves a mail back to unmapped, and Undo in the toast moves it back to its case', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox('/messages/mail?open=3');
    const pane = await screen.findByTestId('reading-pane');
    await user.click(await within(pane).findByRole('button', { name: 'Move' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to unmapped' }, { timeout: 4000 }));
    const toast = await screen.findByTestId('undo-toast');
    expect(bodies(calls, '/v2/api/claims/mails/move')).toEqual([{ mailIds: [3], caseId: null }]);
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(bodies(calls, '/v2/api/claims/mails/move')).toEqual([
        { mailIds: [3], caseId: null },
        { mailIds: [3], caseId: 7 },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('undo-toast')).not.toBeInTheDocument());
  });

  it('says in the pane that a mail is gone (404), never a blank pane', async () => {
    renderInbox('/messages/mail?open=99');
    const pane = await screen.findByTestId('reading-pane');
    expect(await within(pane).findByText('This mail does not exist, or it was removed.')).toBeInTheDocument();
  });

  it('focuses the search with / and lists the shortcuts with ?', async () => {
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId('mail-row-3');
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search mails' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Mark unread')).toBeInTheDocument();
  });

  it('moves a mail to a case found by search; archived cases are searched too', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox('/messages/mail?open=3');
    const pane = await screen.findByTestId('reading-pane');
    await user.click(await within(pane).findByRole('button', { name: 'Move' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to case…' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the mail to a case' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Find a case' }), '10196');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/v2/api/claims?type=archive&workFlow=claim&limit=8&search=10196',
      ),
    );
    await user.click(await within(dialog).findByRole('listitem'));
    await screen.findByText('Mail moved to case #10196.');
    expect(bodies(calls, '/v2/api/claims/mails/move')).toEqual([{ mailIds: [3], caseId: 40 }]);
  });

  it('says so when the inbox is empty', async () => {
    mockFetch({ 'GET /v2/api/messages/mail': () => json(200, { items: [], nextCursor: null }) });
    renderRoutes([{ path: '/messages/:messageSource', element: inShell(<InboxRoute />) }], '/messages/mail');
    expect(await screen.findByText('Your inbox is empty')).toBeInTheDocument();
  });

  it('names the refused parameter of a 400', async () => {
    mockFetch({
      'GET /v2/api/messages/mail': () =>
        json(400, { code: 'VALIDATION', message: 'Bad', fieldErrors: { mailboxId: 'Must be 1 or more' } }),
    });
    renderRoutes([{ path: '/messages/:messageSource', element: inShell(<InboxRoute />) }], '/messages/mail');
    expect(await screen.findByText('The server refused the value of “mailboxId”.')).toBeInTheDocument();
  });
});
