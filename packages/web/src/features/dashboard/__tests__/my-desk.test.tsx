import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, type TCaseListRow, type TMyDeskResponse } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { caseListRow } from '../../../lib/testing/case-list-row';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { DashboardRoute } from '../routes/dashboard';

const shell: TShellContext = {
  grantType: 'password',
  features: ALL_FEATURES_ON,
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
};

const row = (caseNumber: number, customerName: string, extra: Partial<TCaseListRow> = {}): TCaseListRow =>
  caseListRow({
    id: caseNumber,
    caseNumber,
    customerName,
    customerEmail: null,
    orderReference: null,
    status: 'new',
    itemsSummary: '',
    statusClaim: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  });

const render = (desk: TMyDeskResponse) => {
  startSession(makeToken({ authorities: ['STANDARD_USER'] }), 'demo-store');
  mockFetch({
    '/v2/api/reports/my-desk': () => json(200, desk),
    '/v2/api/reports/dashboard': () => json(500, {}),
  });
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <ShellContext.Provider value={shell}>
            <DashboardRoute />
          </ShellContext.Provider>
        ),
      },
    ],
    '/dashboard',
  );
};

describe('[DASHBOARD] an agent’s desk', () => {
  it('lists their open cases, the late ones and those with unread mail, each linking to the case', async () => {
    const late = row(10002, 'Late Larsen');
    const unread = row(10003, 'Unread Ulla', { unreadMailCount: 2 });
    render({
      lateDays: 7,
      open: { count: 3, rows: [row(10001, 'Fresh Fiona'), late, unread] },
      late: { count: 1, rows: [late] },
      unread: { count: 1, rows: [unread] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My desk' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Fresh Fiona/ })).toBeInTheDocument();
    const open = screen.getByRole('region', { name: 'My open cases' });
    expect(within(open).getAllByRole('link')).toHaveLength(3);
    expect(within(open).getByTestId('desk-open-count')).toHaveTextContent('3');
    const lateTile = screen.getByRole('region', { name: 'Late' });
    expect(within(lateTile).getByText(/7 days or more/)).toBeInTheDocument();
    expect(within(lateTile).getByRole('link', { name: /#10002 · Late Larsen/ })).toHaveAttribute(
      'href',
      '/cases/open/claim/10002',
    );
    const unreadTile = screen.getByRole('region', { name: 'Unread mail' });
    expect(within(unreadTile).getByRole('link', { name: /Unread Ulla/ })).toBeInTheDocument();
    expect(screen.queryByText('Open cases by status')).not.toBeInTheDocument();
  });

  it('says so in words when a list is empty', async () => {
    const empty = { count: 0, rows: [] };
    render({ lateDays: 7, open: empty, late: empty, unread: empty });
    expect(await screen.findByText('No open cases are assigned to you.')).toBeInTheDocument();
    expect(screen.getByText('None of your cases is late.')).toBeInTheDocument();
    expect(screen.getByText('No unread mail on your cases.')).toBeInTheDocument();
  });
});
