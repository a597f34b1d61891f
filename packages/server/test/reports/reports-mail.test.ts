/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand (see
 * reports-setup.ts): mail in and out per period and mailbox, the median time to the first
 * answer, nothing of another store, and report days in the reader's time zone.
 */
import type { TGetMailReportResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { admin, get, ids, other, setUpReports, store, t } from './reports-setup';

setUpReports();

describe('mail report', () => {
  it('counts mail in and out per week and mailbox, and the median time to the first answer', async () => {
    const r = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31&interval=week',
    );
    expect(r.period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(r.buckets.map((b) => [b.start, b.in, b.out])).toEqual([
      ['2025-12-29', 0, 0],
      ['2026-01-05', 1, 1],
      ['2026-01-12', 2, 0],
      ['2026-01-19', 2, 1],
      ['2026-01-26', 0, 0],
    ]);
    expect(r.totals).toEqual({ in: 5, out: 2, conversations: 3, answered: 2, medianHoursToFirstAnswer: 13 });
    expect(r.mailboxes).toEqual([
      {
        mailboxId: ids.m1,
        address: `support@${store.tenantId}.test`,
        in: 3,
        out: 2,
        conversations: 2,
        answered: 2,
        medianHoursToFirstAnswer: 13,
      },
      {
        mailboxId: ids.m2,
        address: `claims@${store.tenantId}.test`,
        in: 2,
        out: 0,
        conversations: 1,
        answered: 0,
        medianHoursToFirstAnswer: null,
      },
    ]);
  });

  it('answers every day of a period, and nothing of another store', async () => {
    const days = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31&interval=day',
    );
    expect(days.buckets).toHaveLength(31);
    expect(days.buckets.find((b) => b.start === '2026-01-21')).toMatchObject({ in: 1, out: 1 });
    const theirs = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2026-01-01&to=2026-01-31',
      other,
    );
    expect(theirs.totals).toMatchObject({ in: 0, out: 0, conversations: 0 });
    expect(theirs.mailboxes).toEqual([]);
  });
});

describe('report days in the reader’s time zone', () => {
  it('counts a mail at 00:30 in Oslo on its own day, not the day before as UTC would', async () => {
    // The mail of 2025-12-31 23:30 UTC is 1 January 00:30 in Oslo.
    const path = '/v2/api/reports/mails?from=2026-01-01&to=2026-01-02&interval=day';
    const oslo = await get<TGetMailReportResponse>(`${path}&timeZone=Europe/Oslo`);
    expect(oslo.buckets.find((b) => b.start === '2026-01-01')).toMatchObject({ in: 1 });
    const utc = await get<TGetMailReportResponse>(path);
    expect(utc.buckets.find((b) => b.start === '2026-01-01')).toMatchObject({ in: 0 });
    // And the period's last day ends at midnight in Oslo: 31 December 23:30 UTC is inside 1 January.
    const december = await get<TGetMailReportResponse>(
      '/v2/api/reports/mails?from=2025-12-01&to=2025-12-31&interval=day&timeZone=Europe/Oslo',
    );
    expect(december.totals.in).toBe(0);
  });

  it('refuses a time zone that is not one', async () => {
    const response = await call(t.app, admin, {
      url: '/v2/api/reports/mails?from=2026-01-01&to=2026-01-02&timeZone=Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors.timeZone).toMatch(/time zone/);
  });
});
