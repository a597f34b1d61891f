// The arithmetic of costs, in whole minor units and integers only: VAT from a rate in percent,
// an amount in the store's currency at a rate kept to 6 decimals, and a case's totals.
import type {
  TCaseCosts,
  TCostLine,
  TCostPayer,
  TCreditNote,
  TRecovery,
  TRecoveryState,
} from '@claimdesk/contracts';

/** Net, VAT and gross of an amount given net, or gross when `includesVat`; half rounds up. */
export function vatSplit(amountMinor: number, includesVat: boolean, vatRate: number) {
  const hundredths = Math.round(vatRate * 100);
  if (includesVat) {
    const net = Math.round((amountMinor * 10_000) / (10_000 + hundredths));
    return { netMinor: net, vatMinor: amountMinor - net, grossMinor: amountMinor };
  }
  const vat = Math.round((amountMinor * hundredths) / 10_000);
  return { netMinor: amountMinor, vatMinor: vat, grossMinor: amountMinor + vat };
}

/** `amountMinor` of a currency in the store's currency at `rate` (decimal text, 6 places at most). */
export function toStoreMinor(amountMinor: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  const converted = (BigInt(amountMinor) * micros + 500_000n) / 1_000_000n;
  return Number(converted);
}

/** A numeric column's text without trailing zeros: "11.500000" → "11.5", "1.000000" → "1". */
export const decimalText = (value: string): string =>
  value.includes('.') ? value.replace(/\.?0+$/, '') : value;

/** An amount in minor units as text with two decimals (12345 → "123.45"), for the timeline. */
export const showMinor = (minor: number, currency: string): string =>
  `${(minor / 100).toFixed(2)} ${currency}`;

export function recoveryOf(
  lines: Pick<TCostLine, 'paidBy' | 'grossStoreMinor'>[],
  notes: Pick<TCreditNote, 'amountStoreMinor'>[],
  row: { expectedCreditMinor: number | null; isWrittenOff: boolean; writeOffReason: string | null } | null,
  supplier: { supplierId: number | null; supplierName: string | null },
): TRecovery {
  const supplierPays = lines
    .filter((l) => l.paidBy === 'supplier')
    .reduce((sum, l) => sum + l.grossStoreMinor, 0);
  const expected = row?.expectedCreditMinor ?? supplierPays;
  const credited = notes.reduce((sum, n) => sum + n.amountStoreMinor, 0);
  const state: TRecoveryState = row?.isWrittenOff
    ? 'writtenOff'
    : credited === 0
      ? 'open'
      : credited >= expected
        ? 'settled'
        : 'partlySettled';
  return {
    state,
    expectedCreditMinor: expected,
    isExpectedSet: row?.expectedCreditMinor != null,
    creditedMinor: credited,
    unrecoveredMinor: Math.max(0, expected - credited),
    writeOffReason: row?.isWrittenOff ? row.writeOffReason : null,
    supplierId: supplier.supplierId,
    supplierName: supplier.supplierName,
  };
}

export function totalsOf(lines: TCostLine[]): TCaseCosts['totals'] {
  const byPayer: Record<TCostPayer, number> = { store: 0, supplier: 0, customer: 0 };
  let net = 0;
  let gross = 0;
  for (const line of lines) {
    net += line.netStoreMinor;
    gross += line.grossStoreMinor;
    byPayer[line.paidBy] += line.grossStoreMinor;
  }
  return { netMinor: net, vatMinor: gross - net, grossMinor: gross, byPayer };
}
