import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListCasesResponse, type TListCasesQuery } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const CASES_KEY = ['cases'] as const;
export const CASE_LISTS_KEY = [...CASES_KEY, 'list'] as const;

/** The query of a list without the defaults the server fills in. */
export type TCaseListParams = Partial<Omit<TListCasesQuery, 'type' | 'workFlow'>> &
  Pick<TListCasesQuery, 'type' | 'workFlow'>;

export const caseListSearch = (params: TCaseListParams): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.toString();
};

export const listCases = (params: TCaseListParams, signal?: AbortSignal) =>
  http(`/v2/api/claims?${caseListSearch(params)}`, { signal }, ZListCasesResponse);

export const casesQuery = (params: TCaseListParams) =>
  queryOptions({
    queryKey: [...CASE_LISTS_KEY, params],
    queryFn: ({ signal }) => listCases(params, signal),
    placeholderData: keepPreviousData,
    // The list says itself what went wrong (a filter it cannot use, or no connection).
    meta: { silent: true },
  });

export const useCases = (params: TCaseListParams) => useQuery(casesQuery(params));
