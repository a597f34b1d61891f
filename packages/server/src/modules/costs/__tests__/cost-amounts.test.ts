import { describe, expect, it } from 'vitest';
import { decimalText, toStoreMinor, vatSplit } from '../cost-amounts';

describe('cost arithmetic in whole minor units', () => {
  it('adds VAT to a net amount and takes it out of a gross one, half up', () => {
    expect(vatSplit(10_000, false, 25)).toEqual({ netMinor: 10_000, vatMinor: 2_500, grossMinor: 12_500 });
    expect(vatSplit(12_500, true, 25)).toEqual({ netMinor: 10_000, vatMinor: 2_500, grossMinor: 12_500 });
    expect(vatSplit(1, false, 50)).toEqual({ netMinor: 1, vatMinor: 1, grossMinor: 2 });
    expect(vatSplit(999, true, 12)).toEqual({ netMinor: 892, vatMinor: 107, grossMinor: 999 });
    expect(vatSplit(100_000_000_000, false, 25).grossMinor).toBe(125_000_000_000);
  });

  it('converts at a rate of up to 6 decimals without floating-point error', () => {
    expect(toStoreMinor(12_500, '11.734512')).toBe(146_681);
    expect(toStoreMinor(100_000_000_000, '11.734512')).toBe(1_173_451_200_000);
    expect(toStoreMinor(1, '0.5')).toBe(1);
    expect(toStoreMinor(10, '1')).toBe(10);
  });

  it('writes a numeric column without trailing zeros', () => {
    expect(decimalText('11.500000')).toBe('11.5');
    expect(decimalText('1.000000')).toBe('1');
    expect(decimalText('10')).toBe('10');
  });
});
