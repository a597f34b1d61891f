import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListSupplierCasesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { SUPPLIERS_KEY } from './supplier-source';

export const listSupplierCases = (base: string, id: number) =>
  http(`${base}/${id}/cases`, {}, ZListSupplierCasesResponse);

export const supplierCasesQuery = (base: string | null, id: number) =>
  queryOptions({
    queryKey: [...SUPPLIERS_KEY, 'cases', base, id],
    queryFn: () => listSupplierCases(base ?? '', id),
    enabled: base !== null,
  });

export const useSupplierCases = (base: string | null, id: number) => useQuery(supplierCasesQuery(base, id));
