import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { reportSearch, type TReportFilter } from './report-query';

/** The report tables the server writes as CSV. */
export type TReportCsv = 'mails' | 'cases' | 'resolution' | 'suppliers';

/** Saves a report table as CSV, written by the server in the UI language's spreadsheet dialect. */
export async function downloadReportCsv(table: TReportCsv, filter: TReportFilter, language: string) {
  const blob = await http<Blob>(`/v2/api/reports/${table}/csv?${reportSearch(filter, { language })}`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${table}-${filter.from}-${filter.to}.csv`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser starts the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadReportCsv = () =>
  useMutation({
    mutationFn: ({
      table,
      filter,
      language,
    }: {
      table: TReportCsv;
      filter: TReportFilter;
      language: string;
    }) => downloadReportCsv(table, filter, language),
  });
