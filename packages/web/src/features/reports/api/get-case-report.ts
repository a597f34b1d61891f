import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetCaseReportResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { REPORTS_KEY, reportSearch, type TReportFilter } from './report-query';

export const getCaseReport = (filter: TReportFilter) =>
  http(`/v2/api/reports/cases?${reportSearch(filter)}`, {}, ZGetCaseReportResponse);

export const caseReportQuery = (filter: TReportFilter) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'cases', filter],
    queryFn: () => getCaseReport(filter),
    placeholderData: keepPreviousData,
  });

export const useCaseReport = (filter: TReportFilter) => useQuery(caseReportQuery(filter));
