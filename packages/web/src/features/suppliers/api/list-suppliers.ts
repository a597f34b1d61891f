import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListSuppliersResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { SUPPLIERS_KEY } from './supplier-source';

export interface TSupplierFilter {
  search: string;
  includeDisabled: boolean;
}

export const listSuppliers = (base: string, filter: TSupplierFilter) => {
  const query = new URLSearchParams({ includeDisabled: String(filter.includeDisabled) });
  if (filter.search.trim()) query.set('search', filter.search.trim());
  return http(`${base}?${query.toString()}`, {}, ZListSuppliersResponse);
};

export const suppliersQuery = (base: string | null, filter: TSupplierFilter) =>
  queryOptions({
    queryKey: [...SUPPLIERS_KEY, 'list', base, filter],
    queryFn: () => listSuppliers(base ?? '', filter),
    enabled: base !== null,
    placeholderData: keepPreviousData,
  });

export const useSuppliers = (base: string | null, filter: TSupplierFilter) =>
  useQuery(suppliersQuery(base, filter));
