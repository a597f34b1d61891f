import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download';
import type { TReportFilter } from './report-query';

/** The report tables the server writes as CSV (GET /v2/api/reports/<table>/csv). */
export type TReportCsv = 'mails' | 'cases' | 'statuses' | 'resolution' | 'suppliers';

/** Saves a report table as CSV, written by the server in the UI language's spreadsheet dialect. */
export const downloadReportCsv = (table: TReportCsv, filter: TReportFilter) =>
  downloadCsv(`/v2/api/reports/${table}/csv`, { ...filter }, `${table}-${filter.from}-${filter.to}.csv`);

export const useDownloadReportCsv = () =>
  useMutation({
    mutationFn: ({ table, filter }: { table: TReportCsv; filter: TReportFilter }) =>
      downloadReportCsv(table, filter),
  });
