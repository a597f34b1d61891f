import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZCase } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { caseKey } from './get-case';
import { CASES_KEY } from './list-cases';

export const caseNumberKey = (caseNumber: number) => [...CASES_KEY, 'number', caseNumber] as const;

export const getCaseByNumber = (caseNumber: number) =>
  http(`/v2/api/claims/number/${String(caseNumber)}`, {}, ZCase);

/**
 * The id of the case with this number (a number never moves to another case). The case read on
 * the way goes into the cache of its read by id, which the page and live updates use.
 */
export const caseNumberQuery = (queryClient: QueryClient, caseNumber: number) =>
  queryOptions({
    queryKey: caseNumberKey(caseNumber),
    queryFn: async () => {
      const found = await getCaseByNumber(caseNumber);
      queryClient.setQueryData(caseKey(found.id), found);
      return found.id;
    },
    staleTime: Infinity,
    // The page reports a missing case itself (after trying the number as an old address's id).
    meta: { silent: true },
    enabled: Number.isSafeInteger(caseNumber) && caseNumber > 0,
  });

export const useCaseIdByNumber = (queryClient: QueryClient, caseNumber: number) =>
  useQuery(caseNumberQuery(queryClient, caseNumber));
