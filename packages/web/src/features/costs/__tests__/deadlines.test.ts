import { describe, expect, it } from 'vitest';
import { DEFAULT_COST_FORM } from '@claimdesk/contracts';
import { caseDeadlines } from '../lib/deadlines';
import { decimalSeparatorOf, formatMinor, toMinor } from '../lib/money';

describe('the case page’s consumer-law block', () => {
  it('counts from the purchase date in the country of the store’s language', () => {
    expect(caseDeadlines('2024-01-02', { language: 'nr', costForm: DEFAULT_COST_FORM })).toMatchObject({
      deadlines: { country: 'NO', claimPeriodEnds: '2026-01-02', burdenOfProofUntil: '2026-01-02' },
    });
    expect(caseDeadlines('2021-12-31', { language: 'da', costForm: DEFAULT_COST_FORM })).toMatchObject({
      deadlines: { country: 'DK', burdenOfProofUntil: '2022-06-30' },
    });
  });

  it('takes the country the cost form names over the language', () => {
    const costForm = { ...DEFAULT_COST_FORM, country: 'DE' as const };
    expect(caseDeadlines('2023-03-01', { language: 'nr', costForm })).toMatchObject({
      deadlines: { country: 'DE', burdenOfProofUntil: '2024-03-01' },
    });
  });

  it('gives a German store its deadline against the supplier once the case is closed', () => {
    const costForm = { ...DEFAULT_COST_FORM, country: 'DE' as const };
    expect(
      caseDeadlines('2023-03-01', { language: 'de', costForm }, '2023-12-31T15:00:00.000Z'),
    ).toMatchObject({
      deadlines: { supplierRecourse: { until: '2024-02-29' } },
    });
    expect(caseDeadlines('2023-03-01', { language: 'de', costForm })).toMatchObject({
      deadlines: { supplierRecourse: { until: null } },
    });
  });

  it('says what is missing instead of guessing', () => {
    expect(caseDeadlines(null, { language: 'nr', costForm: DEFAULT_COST_FORM })).toEqual({
      missing: 'purchaseDate',
    });
    expect(
      caseDeadlines('2024-05-05', {
        language: 'en',
        costForm: { ...DEFAULT_COST_FORM, defaultCurrency: 'SEK' },
      }),
    ).toEqual({ missing: 'country' });
  });
});

describe('money in the costs tab', () => {
  it('turns typed amounts into whole minor units and back', () => {
    expect(toMinor(123.45)).toBe(12_345);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(formatMinor(12_345, 'EUR', 'en')).toBe('€123.45');
    expect(formatMinor(12_345, 'NOK', 'nr')).toBe('123,45\u00a0kr');
  });

  it('types amounts with the decimal separator of the UI language', () => {
    expect(decimalSeparatorOf('en')).toBe('.');
    for (const language of ['nr', 'da', 'de']) expect(decimalSeparatorOf(language)).toBe(',');
  });
});
