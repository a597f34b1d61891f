import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download';
import type { TReportFilter } from './report-query';

/**
 * The store's cost lines dated in the report's period as CSV (GET /v2/api/exports/costs): one row
 * per line and a totals row, in the UI language's spreadsheet dialect.
 */
export const downloadCostsCsv = (filter: Pick<TReportFilter, 'from' | 'to'>) =>
  downloadCsv(
    '/v2/api/exports/costs',
    { from: filter.from, to: filter.to },
    `costs-${filter.from}-${filter.to}.csv`,
  );

export const useDownloadCostsCsv = () => useMutation({ mutationFn: downloadCostsCsv });
