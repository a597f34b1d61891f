/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand (see
 * reports-setup.ts): case counts by the creation, closing or purchase date, open cases by status,
 * and resolution times.
 */
import type { TGetCaseReportResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { agentOne, get, ids, setUpReports } from './reports-setup';

setUpReports();

describe('case report', () => {
  it('counts the cases created in the period by month, open by status, and resolution times', async () => {
    const r = await get<TGetCaseReportResponse>('/v2/api/reports/cases?from=2026-01-01&to=2026-03-31');
    expect(r).toMatchObject({ basis: 'created', interval: 'month' });
    expect(r.buckets).toEqual([
      { start: '2026-01-01', cases: 2, closed: 2, open: 0 },
      { start: '2026-02-01', cases: 2, closed: 0, open: 2 },
      { start: '2026-03-01', cases: 1, closed: 1, open: 0 },
    ]);
    expect(r.totals).toEqual({ cases: 5, closed: 3, open: 2 });
    expect(r.openByStatus).toEqual([
      { workFlow: 'claim', status: 'in-progress', count: 1 },
      { workFlow: 'claim', status: 'new', count: 1 },
    ]);
    // Claims closed after 24 and 48 hours: median 36, 90th percentile 24 + 0.9 × 24 = 45.6.
    expect(r.resolution.byWorkflow).toEqual([
      { key: 'claim', label: 'claim', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: 'support', label: 'support', closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
    expect(r.resolution.bySupplier).toEqual([
      { key: String(ids.x), label: 'Xenon AS', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: null, label: null, closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
    expect(r.resolution.byAgent).toEqual([
      { key: agentOne, label: 'Ola Nordmann', closed: 2, medianHours: 36, p90Hours: 45.6 },
      { key: null, label: null, closed: 1, medianHours: 6, p90Hours: 6 },
    ]);
  });

  it('counts by the closing date or the purchase date when asked', async () => {
    const closed = await get<TGetCaseReportResponse>(
      '/v2/api/reports/cases?from=2026-01-01&to=2026-03-31&basis=closed',
    );
    expect(closed.totals).toEqual({ cases: 4, closed: 4, open: 0 });
    expect(closed.buckets.map((b) => b.cases)).toEqual([3, 0, 1]);
    const bought = await get<TGetCaseReportResponse>(
      '/v2/api/reports/cases?from=2025-06-01&to=2025-06-30&basis=purchase&interval=day',
    );
    expect(bought.totals).toEqual({ cases: 1, closed: 0, open: 1 });
    expect(bought.buckets.find((b) => b.cases > 0)?.start).toBe('2025-06-01');
  });
});
