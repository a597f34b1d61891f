import type { z } from 'zod';
import { ZReportPeriodQuery } from '../reports/report-period';
import { ZCsvExportOptions } from './export-common';

/**
 * GET /v2/api/exports/costs: the store's cost lines dated in a period as CSV (administrators and
 * managers, with `costReg` on), oldest first: case number, date, type, note, currency, net, VAT
 * rate, VAT, gross, exchange rate, net and gross in the store's currency, who pays, who
 * registered it and when. The last row is the totals check: the sums of the store-currency
 * columns, which equal the sums of the cases' cost totals over the same lines. The period is a
 * report's (`from`, `to`, both days counted, at most REPORT_PERIOD_MAX_DAYS; the last 12 months
 * when left out).
 */
export const ZExportCostsQuery = ZReportPeriodQuery.safeExtend(ZCsvExportOptions.shape);
export type TExportCostsQuery = z.infer<typeof ZExportCostsQuery>;
export type TExportCostsQueryInput = z.input<typeof ZExportCostsQuery>;
