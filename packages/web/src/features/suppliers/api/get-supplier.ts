import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetSupplierResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { SUPPLIERS_KEY } from './supplier-source';

export const getSupplier = (base: string, id: number) => http(`${base}/${id}`, {}, ZGetSupplierResponse);

export const supplierQuery = (base: string | null, id: number) =>
  queryOptions({
    queryKey: [...SUPPLIERS_KEY, 'one', base, id],
    queryFn: () => getSupplier(base ?? '', id),
    enabled: base !== null,
  });

export const useSupplier = (base: string | null, id: number) => useQuery(supplierQuery(base, id));
