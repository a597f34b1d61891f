import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCase } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { useCaseRef } from '../hooks/use-case-address';

afterEach(() => vi.unstubAllGlobals());

const aCase = (id: number, caseNumber: number): TCase => ({
  id,
  caseNumber,
  workFlow: 'claim',
  isArchived: false,
  status: 'new',
  assignee: null,
  customer: { name: 'Kari', email: null, phone: null, address: null },
  orderReference: null,
  purchaseDate: null,
  supplierName: null,
  description: null,
  statusClaim: null,
  statusCreditNote: null,
  statusCustomer: null,
  statusWareHouse: null,
  customFields: {},
  items: [],
  version: 1,
  createdBy: 'admin@demo-store.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  closedAt: null,
  unreadMailCount: 0,
  sendPendingMailCount: 0,
});

function Probe() {
  const ref = useCaseRef(useParams().caseRef);
  return (
    <p data-testid="ref">
      {ref.kind === 'found' ? `${ref.kind} ${ref.id} ${ref.isOldAddress ? 'old' : 'number'}` : ref.kind}
    </p>
  );
}

const resolve = (segment: string) =>
  renderRoutes([{ path: '/cases/open/claim/:caseRef', element: <Probe /> }], `/cases/open/claim/${segment}`);

describe('which case a case address names', () => {
  it('reads a segment below the first case number as an old address’s id, without asking the server', async () => {
    const calls = mockFetch({});
    resolve('207');
    expect(await screen.findByTestId('ref')).toHaveTextContent('found 207 old');
    expect(calls).toEqual([]);
  });

  it('reads a number first: where a case has the number and another the same id, the number wins', async () => {
    const calls = mockFetch({ '/v2/api/claims/number/10201': () => json(200, aCase(3, 10201)) });
    resolve('10201');
    expect(await screen.findByText('found 3 number')).toBeInTheDocument();
    expect(calls.map((c) => new URL(c.url, 'http://localhost').pathname)).toEqual([
      '/v2/api/claims/number/10201',
    ]);
  });

  it('falls back to the id when the store has no case with that number (an old address of a large store)', async () => {
    mockFetch({
      '/v2/api/claims/number/12345': () => json(404, { code: 'NOT_FOUND', message: 'Case not found' }),
    });
    resolve('12345');
    expect(await screen.findByText('found 12345 old')).toBeInTheDocument();
  });

  it('refuses what is not a positive whole number', async () => {
    mockFetch({});
    resolve('12a');
    expect(await screen.findByTestId('ref')).toHaveTextContent('invalid');
  });
});
