import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCase } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { CASES_KEY } from './list-cases';

export const caseKey = (id: number) => [...CASES_KEY, 'detail', id] as const;

export const getCase = (id: number) => http(`/v2/api/claims/${id}`, {}, ZCase);

export const caseQuery = (id: number) =>
  queryOptions({
    queryKey: caseKey(id),
    queryFn: () => getCase(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCase = (id: number) => useQuery(caseQuery(id));
