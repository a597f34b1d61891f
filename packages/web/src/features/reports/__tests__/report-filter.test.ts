import { describe, expect, it } from 'vitest';
import { periodProblem } from '../components/period-filter';
import { presetOf, presetPeriod } from '../hooks/use-report-filter';

const today = new Date(2026, 10, 26); // 26 November 2026, the user's own calendar

describe('report period presets', () => {
  it('gives each preset its first and last day', () => {
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(presetPeriod('last12Months', today)).toEqual({ from: '2025-12-01', to: '2026-11-26' });
  });

  it('crosses the year back in January, and knows a preset again by its dates', () => {
    const january = new Date(2027, 0, 10);
    expect(presetPeriod('lastMonth', january)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetOf('2026-10-01', '2026-10-31', today)).toBe('lastMonth');
    expect(presetOf('2026-10-02', '2026-10-31', today)).toBeNull();
  });
});

describe('report period checks', () => {
  it('takes up to three years, refuses a reversed or longer period and a missing date', () => {
    expect(periodProblem('2023-11-27', '2026-11-26')).toBeNull();
    expect(periodProblem('2023-11-25', '2026-11-26')).toBe('filter.tooLong');
    expect(periodProblem('2026-11-27', '2026-11-26')).toBe('filter.reversed');
    expect(periodProblem('', '2026-11-26')).toBe('filter.required');
  });
});
