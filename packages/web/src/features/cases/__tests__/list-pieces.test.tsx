import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLAIM_LIST_COLUMNS, DEFAULT_CLAIM_STATUS_OPTIONS } from '@claimdesk/contracts';
import { caseListRow } from '../../../lib/testing/case-list-row';
import { renderWithProviders } from '../../../lib/testing/render';
import { CaseListTable, SKELETON_ROWS } from '../components/case-list-table';
import { ListPager } from '../components/list-pager';

const rowAt = (index: number): HTMLElement => {
  const found = screen.getAllByTestId('case-row')[index];
  if (!found) throw new Error(`No row ${index}`);
  return found;
};

const renderTable = (props: Partial<Parameters<typeof CaseListTable>[0]> = {}) => {
  const onSort = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <CaseListTable
        columns={DEFAULT_CLAIM_LIST_COLUMNS}
        rows={[
          caseListRow(),
          caseListRow({
            id: 2,
            caseNumber: 10002,
            status: 'new',
            assignee: null,
            unreadMailCount: 3,
            sendPendingMailCount: 1,
          }),
        ]}
        isLoading={false}
        isStale={false}
        statusOptions={DEFAULT_CLAIM_STATUS_OPTIONS}
        fields={new Map()}
        assigneeName={(u) => (u === 'agent@demo-store.test' ? 'Alex Agent' : u)}
        detailPath={(r) => `/cases/open/claim/${r.id}`}
        sort="updatedAt"
        direction="desc"
        onSort={onSort}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onSort };
};

describe('case list pieces', () => {
  it('draws the configured columns with translated labels, status names and assignee names', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Case',
      'Mail',
      'Customer',
      'Order',
      'Items',
      'Status',
      'Claim status',
      'Assignee',
      'Updated',
    ]);
    const first = rowAt(0);
    const second = rowAt(1);
    expect(within(first).getByRole('link', { name: '#10001' })).toHaveAttribute(
      'href',
      '/cases/open/claim/1',
    );
    expect(within(first).getByTestId('status-badge')).toHaveTextContent('Waiting for supplier');
    expect(first).toHaveTextContent('Sent to supplier');
    expect(first).toHaveTextContent('Alex Agent');
    expect(second).toHaveTextContent('Unassigned');
    expect(within(second).getByTestId('status-badge')).toHaveTextContent('New');
  });

  it('shows unread and unsent mail badges only where there are any', () => {
    renderTable();
    const first = rowAt(0);
    const second = rowAt(1);
    expect(within(first).queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(within(second).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(within(second).getByTestId('unread-badge')).toHaveAccessibleName('3 unread mails');
    expect(within(second).getByTestId('unsent-badge')).toHaveAccessibleName('1 unsent mail');
  });

  it('sorts by the sortable columns only, and marks the current sort', async () => {
    const { onSort } = renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Case' }));
    expect(onSort).toHaveBeenCalledWith('caseNumber');
    expect(screen.queryByRole('button', { name: 'Sort by Customer' })).not.toBeInTheDocument();
    const updated = screen.getAllByRole('columnheader').at(-1);
    expect(updated).toHaveAttribute('aria-sort', 'descending');
  });

  it('draws skeleton rows of the same columns while loading', () => {
    renderTable({ rows: undefined, isLoading: true });
    expect(screen.getAllByTestId('case-row-skeleton')).toHaveLength(SKELETON_ROWS);
    expect(screen.queryByTestId('case-row')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(DEFAULT_CLAIM_LIST_COLUMNS.length);
  });

  it('pages forward by cursor and back, telling which rows are shown', async () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    renderWithProviders(
      <ListPager
        page={2}
        rowCount={50}
        pageSize={50}
        hasNext={false}
        isFetching={false}
        isStale={false}
        onNext={onNext}
        onPrevious={onPrevious}
      />,
    );
    expect(screen.getByText('Cases 51–100 · page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPrevious).toHaveBeenCalledOnce();
  });
});
