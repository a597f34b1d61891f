import { describe, expect, it } from 'vitest';
import { addMonths, consumerDeadlines, storeCountry } from '../costs/consumer-law';

describe('consumer-law deadlines', () => {
  it('Norway: 6 months’ presumption for a purchase on 2023-12-31, 2 years from 2024-01-01', () => {
    expect(consumerDeadlines({ purchaseDate: '2023-12-31', country: 'NO' })).toMatchObject({
      claimPeriodEnds: '2025-12-31',
      longLastingClaimPeriodEnds: '2028-12-31',
      burdenOfProofUntil: '2024-06-30',
      supplierRecourse: null,
    });
    expect(consumerDeadlines({ purchaseDate: '2024-01-01', country: 'NO' }).burdenOfProofUntil).toBe(
      '2026-01-01',
    );
    expect(consumerDeadlines({ purchaseDate: '2024-01-02', country: 'NO' })).toMatchObject({
      claimPeriodEnds: '2026-01-02',
      burdenOfProofUntil: '2026-01-02',
    });
  });

  it('Norway: goods meant to last much longer have 5 years to claim', () => {
    const d = consumerDeadlines({ purchaseDate: '2024-01-02', country: 'NO', isLongLasting: true });
    expect(d.claimPeriodEnds).toBe('2029-01-02');
    expect(d.claimPeriodSource).toContain('§ 27 (1), second sentence');
    // Long-lasting goods do not change the presumption.
    expect(d.burdenOfProofUntil).toBe('2026-01-02');
  });

  it('Denmark: 6 months’ presumption for 2021-12-31, 1 year from 2022-01-01', () => {
    expect(consumerDeadlines({ purchaseDate: '2021-12-31', country: 'DK' })).toMatchObject({
      claimPeriodEnds: '2023-12-31',
      longLastingClaimPeriodEnds: null,
      burdenOfProofUntil: '2022-06-30',
    });
    const from2022 = consumerDeadlines({ purchaseDate: '2022-01-02', country: 'DK' });
    expect(from2022).toMatchObject({ claimPeriodEnds: '2024-01-02', burdenOfProofUntil: '2023-01-02' });
    expect(from2022.burdenOfProofSource).toContain('§ 77 b');
    // A long-lasting flag changes nothing where the law has no longer period.
    expect(
      consumerDeadlines({ purchaseDate: '2022-01-02', country: 'DK', isLongLasting: true }).claimPeriodEnds,
    ).toBe('2024-01-02');
  });

  it('Germany: 2 years, presumption 1 year from 2022, and the store’s deadline against its supplier', () => {
    const d = consumerDeadlines({
      purchaseDate: '2022-01-02',
      country: 'DE',
      customerSatisfiedOn: '2023-12-31',
    });
    expect(d).toMatchObject({ claimPeriodEnds: '2024-01-02', burdenOfProofUntil: '2023-01-02' });
    expect(d.supplierRecourse).toMatchObject({ monthsAfterCustomerSatisfied: 2, until: '2024-02-29' });
    expect(d.supplierRecourse?.source).toContain('§ 445b');
    expect(consumerDeadlines({ purchaseDate: '2021-12-31', country: 'DE' })).toMatchObject({
      burdenOfProofUntil: '2022-06-30',
      supplierRecourse: { until: null },
    });
  });

  it('a leap day ends on the last day of February in a year without one', () => {
    expect(consumerDeadlines({ purchaseDate: '2024-02-29', country: 'NO' })).toMatchObject({
      claimPeriodEnds: '2026-02-28',
      longLastingClaimPeriodEnds: '2029-02-28',
      burdenOfProofUntil: '2026-02-28',
    });
    expect(consumerDeadlines({ purchaseDate: '2024-02-29', country: 'DK' }).burdenOfProofUntil).toBe(
      '2025-02-28',
    );
    // Four years on, February has its 29th again.
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
  });

  it('refuses a purchase date that is not YYYY-MM-DD', () => {
    expect(() => consumerDeadlines({ purchaseDate: '31.12.2023', country: 'NO' })).toThrow(RangeError);
  });

  it('takes the store’s country from its setting, else its language, else its currency', () => {
    expect(storeCountry({ country: 'DE', language: 'nr' })).toBe('DE');
    expect(storeCountry({ language: 'nr' })).toBe('NO');
    expect(storeCountry({ language: 'da' })).toBe('DK');
    expect(storeCountry({ language: 'de' })).toBe('DE');
    expect(storeCountry({ language: 'en', defaultCurrency: 'DKK' })).toBe('DK');
    expect(storeCountry({ language: 'en', defaultCurrency: 'SEK' })).toBeNull();
    expect(storeCountry({ country: 'SE', language: 'en' })).toBeNull();
  });
});
