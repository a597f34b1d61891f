import { describe, expect, it } from 'vitest';
import { backoffMs } from '../backoff';

describe('[MAIL] retry backoff', () => {
  it('doubles up to its most, keeping at least half of each wait', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 1000, 10_000, () => 0))).toEqual([
      500, 1000, 2000, 4000, 5000,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 1000, 10_000, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
  });

  it('spreads many retriers of the same attempt over the second half of the wait', () => {
    const waits = Array.from({ length: 200 }, () => backoffMs(3, 1000, 60_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4000);
    // Not in lockstep: many different moments.
    expect(new Set(waits).size).toBeGreaterThan(100);
  });
});
