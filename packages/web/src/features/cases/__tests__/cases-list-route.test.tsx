import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CLAIM_LIST_COLUMNS,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_FEATURES,
  DEFAULT_SEARCH_FILTERS,
  type TCaseListRow,
} from '@claimdesk/contracts';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { caseListRow } from '../../../lib/testing/case-list-row';
import { json, mockFetch, type TRecordedCall } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { CasesListRoute } from '../routes/cases-list';

afterEach(() => vi.unstubAllGlobals());

const shell: TShellContext = {
  grantType: 'password',
  features: DEFAULT_FEATURES,
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
};

const row = (id: number): TCaseListRow =>
  caseListRow({
    id,
    caseNumber: 10000 + id,
    customerName: `Customer ${id}`,
    customerEmail: null,
    orderReference: null,
    status: 'new',
    assignee: null,
    itemsSummary: '',
    statusClaim: null,
  });

const CONFIG = '/v2/api/settings/initial-properties/json-config';

/** The list route on a mocked server; `claims` answers the list calls. */
const renderList = (path: string, claims: (call: TRecordedCall) => Response | Promise<Response>) => {
  const calls = mockFetch({
    [`${CONFIG}/list-columns.claim`]: () => json(200, DEFAULT_CLAIM_LIST_COLUMNS),
    [`${CONFIG}/search-filters.claim`]: () => json(200, DEFAULT_SEARCH_FILTERS),
    [`${CONFIG}/status-options.claim`]: () => json(200, DEFAULT_CLAIM_STATUS_OPTIONS),
    '/v2/api/claims/assignees': () => json(200, []),
    '/v2/api/claim-item-types': () => json(200, []),
    '/v2/api/claims': claims,
  });
  const { router } = renderRoutes(
    [
      {
        path: '/cases/open/claim',
        element: (
          <ShellContext.Provider value={shell}>
            <CasesListRoute type="open" workFlow="claim" />
          </ShellContext.Provider>
        ),
      },
    ],
    path,
  );
  const listCalls = () =>
    calls
      .map((c) => new URL(c.url, 'http://localhost'))
      .filter((u) => u.pathname === '/v2/api/claims')
      .map((u) => u.searchParams);
  return { router, listCalls };
};

describe('the case list route', () => {
  it('never sends an address value the contract refuses, and cuts a long search to what the list takes', async () => {
    const { listCalls } = renderList(
      `/cases/open/claim?itemType=abc&createdFrom=2026-13-45&status=new&search=${'x'.repeat(250)}`,
      () => json(200, { items: [row(1)], nextCursor: null }),
    );
    expect(await screen.findByRole('link', { name: '#10001' })).toBeInTheDocument();
    const sent = listCalls();
    expect(sent.length).toBeGreaterThan(0);
    for (const query of sent) {
      expect(query.has('itemType')).toBe(false);
      expect(query.has('createdFrom')).toBe(false);
      expect(query.get('status')).toBe('new');
      expect(query.get('search')).toHaveLength(200);
    }
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('maxLength', '200');
  });

  it('names the filter the server refuses instead of blaming the connection, and clears the filters', async () => {
    const { router, listCalls } = renderList('/cases/open/claim?itemType=7&status=new', (call) =>
      new URL(call.url, 'http://localhost').searchParams.has('itemType')
        ? json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid',
            fieldErrors: { itemType: 'Not valid' },
          })
        : json(200, { items: [row(1)], nextCursor: null }),
    );
    expect(await screen.findByRole('heading', { name: 'A filter is not valid' })).toBeInTheDocument();
    expect(screen.getByText(/cannot use the value given for “Item type”/)).toBeInTheDocument();
    expect(screen.queryByText('Check your connection and try again.')).not.toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    const inMessage = clear.at(-1);
    if (!inMessage) throw new Error('No clear button');
    await userEvent.click(inMessage);
    expect(await screen.findByRole('link', { name: '#10001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(listCalls().at(-1)?.has('status')).toBe(false);
  });

  it('offers "Unassigned" in the assignee filter and puts it in the address', async () => {
    const { router, listCalls } = renderList('/cases/open/claim', () =>
      json(200, { items: [row(1)], nextCursor: null }),
    );
    await screen.findByRole('link', { name: '#10001' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unassigned', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=unassigned'));
    await waitFor(() => expect(listCalls().at(-1)?.get('assignee')).toBe('unassigned'));
  });

  it('shows each case as a card on a phone: number, customer, status, assignee and mail', async () => {
    const phone = (query: string) => ({
      matches: query.includes('max-width: 47.99em'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    });
    vi.stubGlobal('matchMedia', vi.fn(phone));
    renderList('/cases/open/claim', () =>
      json(200, {
        items: [{ ...row(1), unreadMailCount: 2, sendPendingMailCount: 1 }, row(2)],
        nextCursor: null,
      }),
    );
    const link = await screen.findByRole('link', { name: '#10001' });
    expect(link).toHaveAttribute('href', '/cases/open/claim/10001');
    expect(screen.queryByTestId('case-table')).toBeNull();
    const cards = screen.getAllByTestId('case-row');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Customer 1')).toBeInTheDocument();
    expect(first.getByTestId('status-badge')).toHaveTextContent('New');
    expect(first.getByText('Unassigned')).toBeInTheDocument();
    expect(first.getByLabelText('2 unread mails')).toBeInTheDocument();
    expect(first.getByLabelText('1 unsent mail')).toBeInTheDocument();
  });

  it('shows the not-found page for a workflow the store does not have', async () => {
    const { router } = renderList('/cases/open/claim', () =>
      json(404, { code: 'NOT_FOUND', message: 'This store has no workflow "claim"' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    expect(screen.queryByText('Check your connection and try again.')).not.toBeInTheDocument();
  });

  it('tells no page number over the rows of the page before while the next page loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { router } = renderList('/cases/open/claim', async (call) => {
      if (!new URL(call.url, 'http://localhost').searchParams.has('cursor')) {
        return json(200, { items: [row(1)], nextCursor: 'p2' });
      }
      await held;
      return json(200, { items: [row(2)], nextCursor: null });
    });
    await screen.findByRole('link', { name: '#10001' });
    const pager = screen.getByTestId('list-pager');
    expect(pager).toHaveTextContent('Cases 1–1 · page 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cursor=p2'));
    // Page 1's row stays (dimmed) until page 2 comes; the pager does not call it page 2.
    expect(screen.getByRole('link', { name: '#10001' })).toBeInTheDocument();
    expect(pager).not.toHaveTextContent(/Cases|page/);
    release();
    expect(await screen.findByRole('link', { name: '#10002' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '#10001' })).not.toBeInTheDocument();
    expect(screen.getByTestId('list-pager')).toHaveTextContent('Cases 51–51 · page 2');
  });

  it('keeps the page and the way back in the address: a reload shows the same page', async () => {
    const page = (cursor: string | null) => {
      const n = cursor === null ? 1 : Number(cursor.slice(1));
      return json(200, { items: [row(n)], nextCursor: `p${n + 1}` });
    };
    const first = renderList('/cases/open/claim', (call) =>
      page(new URL(call.url, 'http://localhost').searchParams.get('cursor')),
    );
    await screen.findByRole('link', { name: '#10001' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: '#10002' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: '#10003' });
    expect(first.router.state.location.search).toBe('?cursor=p3&back=p2');
    first.router.dispose();
    document.body.innerHTML = '';

    // The same address opened anew (a reload, a shared link): page 3, and Previous goes to page 2.
    const again = renderList('/cases/open/claim?cursor=p3&back=p2', (call) =>
      page(new URL(call.url, 'http://localhost').searchParams.get('cursor')),
    );
    expect(await screen.findByRole('link', { name: '#10003' })).toBeInTheDocument();
    expect(screen.getByText('Cases 101–101 · page 3')).toBeInTheDocument();
    expect(again.listCalls().every((q) => q.get('cursor') === 'p3')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: '#10002' })).toBeInTheDocument();
    expect(again.router.state.location.search).toBe('?cursor=p2');
  });
});
