import { z } from 'zod';
import { ZReportBasis, ZReportPeriod, ZReportPeriodQuery } from './report-period';

/** GET /v2/api/reports/suppliers: per supplier, the cases whose chosen date falls in the period. */
export const ZGetSupplierReportQuery = ZReportPeriodQuery.extend({ basis: ZReportBasis.optional() });
export type TGetSupplierReportQuery = z.infer<typeof ZGetSupplierReportQuery>;

/**
 * A supplier's figures; amounts in minor units of the store's currency, as the case's Costs tab
 * reckons them: costs are the lines' gross, expected is the credit set on the case or else what
 * the supplier pays, outstanding is expected less credited on each case (never below zero).
 */
export const ZSupplierReportRow = z.object({
  /** The supplier's id as text, "name:<name>" for a supplier named only on the case. */
  key: z.string(),
  name: z.string(),
  cases: z.number().int(),
  /** Cases the supplier has answered. */
  answered: z.number().int(),
  /** Of the answered cases, by their latest answer: accepted 1, partly 0.5, declined 0; null: none answered. */
  acceptanceRate: z.number().nullable(),
  costsMinor: z.number().int(),
  expectedMinor: z.number().int(),
  creditedMinor: z.number().int(),
  /** Credited of expected; null when nothing is expected. */
  recoveryRate: z.number().nullable(),
  outstandingMinor: z.number().int(),
});
export type TSupplierReportRow = z.infer<typeof ZSupplierReportRow>;

export const ZGetSupplierReportResponse = z.object({
  period: ZReportPeriod,
  basis: ZReportBasis,
  currency: z.string(),
  rows: z.array(ZSupplierReportRow),
  totals: ZSupplierReportRow.omit({ key: true, name: true }),
});
export type TGetSupplierReportResponse = z.infer<typeof ZGetSupplierReportResponse>;
