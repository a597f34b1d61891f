import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TMailSuggestionsResponse } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../../../lib/testing/render';
import { UnmappedMailsRoute } from '../../../routes/unmapped-mails';
import { addInboxTexts, inShell, listMail } from '../../inbox/__tests__/mail-fixture';

beforeAll(addInboxTexts);

const SUGGESTIONS: TMailSuggestionsResponse = {
  '11': [
    {
      caseId: 7,
      caseNumber: 10023,
      workFlow: 'claim',
      customerName: 'Kari Nordmann',
      status: 'new',
      isArchived: false,
      reasons: ['customer-email', 'only-open-case'],
    },
  ],
  '12': [],
};

/** The case the server makes from mail 12 (ZCase). */
const CREATED = {
  id: 8,
  caseNumber: 10024,
  workFlow: 'claim',
  isArchived: false,
  status: 'new',
  assignee: null,
  customer: { name: 'Sender 12', email: 's12@customer.test' },
  customFields: {},
  items: [],
  version: 1,
  createdBy: 'agent@store.test',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  closedAt: null,
  unreadMailCount: 1,
  sendPendingMailCount: 0,
};

const renderUnmapped = (path = '/unmapped-mails/all/inbox') => {
  const calls = mockFetch({
    'GET /v2/api/unmapped-mails': () =>
      json(200, {
        items: [listMail({ id: 11, subject: 'Broken kettle' }), listMail({ id: 12 })],
        nextCursor: null,
      }),
    'GET /v2/api/unmapped-mails/suggestions': () => json(200, SUGGESTIONS),
    'PUT /v2/api/unmapped-mails/11/map': () =>
      json(200, {
        caseId: 7,
        caseNumber: 10023,
        mails: [
          { ...listMail({ id: 11 }), text: null, html: null },
          { ...listMail({ id: 9 }), text: null, html: null },
        ],
      }),
    'DELETE /v2/api/claims/mails/11': () => new Response(null, { status: 204 }),
    'DELETE /v2/api/claims/mails/12': () => new Response(null, { status: 204 }),
    'PUT /v2/api/claims/mails/11/restore': () => new Response(null, { status: 204 }),
    'PUT /v2/api/claims/mails/12/restore': () => new Response(null, { status: 204 }),
    'POST /v2/api/claims/mails/move': () => json(200, { moved: [] }),
    'POST /v2/api/unmapped-mails/12/create-case': () => json(201, CREATED),
    'DELETE /v2/api/unmapped-mails/12/create-case': () => new Response(null, { status: 204 }),
  });
  const result = renderRoutes(
    [{ path: '/unmapped-mails/all/:type', element: inShell(<UnmappedMailsRoute />) }],
    path,
  );
  const requests = () => calls.map((c) => `${c.method} ${c.url}`);
  return { ...result, calls, requests };
};

// Menus, modals and debounced typing under jsdom take seconds on a busy machine.
describe('the unmapped mails', { timeout: 15_000 }, () => {
  it('asks the suggestions of the page in one call and shows each with its reason', async () => {
    const { requests } = renderUnmapped();
    const button = await screen.findByRole('button', { name: 'Map to #10023 (customer email)' });
    expect(button).toBeInTheDocument();
    expect(requests().filter((r) => r.startsWith('GET /v2/api/unmapped-mails/suggestions'))).toEqual([
      'GET /v2/api/unmapped-mails/suggestions?ids=11,12',
    ]);
    expect(within(screen.getByTestId('mail-row-12')).getByText('No likely case found.')).toBeInTheDocument();
  });

  it('maps on a click, and Undo moves the mapped thread back to unmapped', async () => {
    const user = userEvent.setup();
    const { calls } = renderUnmapped();
    await user.click(await screen.findByRole('button', { name: 'Map to #10023 (customer email)' }));
    const toast = await screen.findByTestId('undo-toast');
    expect(within(toast).getByText('Mapped to case #10023.')).toBeInTheDocument();
    const map = calls.find((c) => c.method === 'PUT' && c.url.endsWith('/11/map'));
    expect(JSON.parse(String(map?.body))).toEqual({ caseId: 7 });
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => {
      const move = calls.find((c) => c.url === '/v2/api/claims/mails/move');
      expect(JSON.parse(String(move?.body))).toEqual({ mailIds: [11, 9], caseId: null });
    });
  });

  it('deletes the selected mails together (shift-click range) and Undo restores them', async () => {
    const user = userEvent.setup();
    const { requests } = renderUnmapped();
    const first = await screen.findByRole('checkbox', { name: 'Select “Broken kettle”' });
    await user.click(first);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select “Subject 12”' }));
    await user.keyboard('{/Shift}');
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('2 mails selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByTestId('undo-toast');
    expect(requests()).toEqual(
      expect.arrayContaining([
        'DELETE /v2/api/claims/mails/11?isDelete=false',
        'DELETE /v2/api/claims/mails/12?isDelete=false',
      ]),
    );
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(requests()).toEqual(
        expect.arrayContaining([
          'PUT /v2/api/claims/mails/11/restore',
          'PUT /v2/api/claims/mails/12/restore',
        ]),
      ),
    );
  });

  it('opens the case picker with m and makes a new case with n, from the keyboard', async () => {
    const user = userEvent.setup();
    const { calls } = renderUnmapped();
    await screen.findByTestId('mail-row-11');
    await user.keyboard('j');
    await user.keyboard('m');
    expect(await screen.findByRole('dialog', { name: 'Map to a case' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('j');
    await user.keyboard('n');
    const dialog = await screen.findByRole('dialog', { name: 'New case from this mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Create case' }));
    await screen.findByText('Case #10024 created from the mail.');
    const create = calls.find((c) => c.url === '/v2/api/unmapped-mails/12/create-case');
    expect(JSON.parse(String(create?.body))).toEqual({ workFlow: 'claim' });
    // Undo takes the new case away again, not only the mail.
    await user.click(within(screen.getByTestId('undo-toast')).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        'DELETE /v2/api/unmapped-mails/12/create-case?caseId=8',
      ),
    );
  });

  it('says so when every mail is on a case', async () => {
    mockFetch({ 'GET /v2/api/unmapped-mails': () => json(200, { items: [], nextCursor: null }) });
    renderRoutes(
      [{ path: '/unmapped-mails/all/:type', element: inShell(<UnmappedMailsRoute />) }],
      '/unmapped-mails/all/inbox',
    );
    expect(await screen.findByText('Every mail is on a case')).toBeInTheDocument();
  });
});
