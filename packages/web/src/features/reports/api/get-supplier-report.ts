import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetSupplierReportResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { REPORTS_KEY, reportSearch, type TReportFilter } from './report-query';

export const getSupplierReport = (filter: TReportFilter) =>
  http(`/v2/api/reports/suppliers?${reportSearch(filter)}`, {}, ZGetSupplierReportResponse);

export const supplierReportQuery = (filter: TReportFilter) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'suppliers', filter],
    queryFn: () => getSupplierReport(filter),
    placeholderData: keepPreviousData,
  });

export const useSupplierReport = (filter: TReportFilter) => useQuery(supplierReportQuery(filter));
