import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetMailReportResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { REPORTS_KEY, reportSearch, type TReportFilter } from './report-query';

export const getMailReport = (filter: TReportFilter) =>
  http(`/v2/api/reports/mails?${reportSearch(filter)}`, {}, ZGetMailReportResponse);

export const mailReportQuery = (filter: TReportFilter) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'mails', filter],
    queryFn: () => getMailReport(filter),
    placeholderData: keepPreviousData,
  });

export const useMailReport = (filter: TReportFilter) => useQuery(mailReportQuery(filter));
