/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand (see
 * reports-setup.ts): supplier figures that match each case's Costs tab, and none of them for
 * another store.
 */
import type { TCaseCosts, TGetSupplierReportResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { get, ids, other, setUpReports } from './reports-setup';

setUpReports();

describe('supplier report', () => {
  it('gives cases, acceptance, costs, credit and outstanding per supplier as the Costs tab reckons them', async () => {
    const r = await get<TGetSupplierReportResponse>(
      '/v2/api/reports/suppliers?from=2026-01-01&to=2026-03-31',
    );
    expect(r.currency).toBe('NOK');
    expect(r.rows).toEqual([
      {
        key: String(ids.x),
        name: 'Xenon AS',
        cases: 3,
        answered: 2,
        acceptanceRate: 0.75,
        costsMinor: 37_500,
        expectedMinor: 22_500,
        creditedMinor: 17_000,
        recoveryRate: 17_000 / 22_500,
        outstandingMinor: 7_500,
      },
      {
        key: String(ids.y),
        name: 'Ypsilon GmbH',
        cases: 1,
        answered: 1,
        acceptanceRate: 0,
        costsMinor: 8_000,
        expectedMinor: 8_000,
        creditedMinor: 0,
        recoveryRate: 0,
        outstandingMinor: 8_000,
      },
    ]);
    expect(r.totals).toMatchObject({
      cases: 4,
      answered: 3,
      acceptanceRate: 0.5,
      costsMinor: 45_500,
      creditedMinor: 17_000,
      outstandingMinor: 15_500,
    });
    // The same sums from each case's Costs tab.
    const tabs = await Promise.all(
      [ids.c1, ids.c2, ids.c3, ids.c7].map((id) => get<TCaseCosts>(`/v2/api/claims/${String(id)}/costs`)),
    );
    const sum = (pick: (c: TCaseCosts) => number) => tabs.reduce((s, c) => s + pick(c), 0);
    expect(sum((c) => c.totals.grossMinor)).toBe(r.totals.costsMinor);
    expect(sum((c) => c.recovery.creditedMinor)).toBe(r.totals.creditedMinor);
    expect(sum((c) => c.recovery.expectedCreditMinor)).toBe(r.totals.expectedMinor);
    expect(sum((c) => c.recovery.unrecoveredMinor)).toBe(r.totals.outstandingMinor);
  });

  it('shows another store none of these suppliers', async () => {
    const theirs = await get<TGetSupplierReportResponse>('/v2/api/reports/suppliers', other);
    expect(theirs.rows).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Xenon');
  });
});
