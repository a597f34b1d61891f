import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListCasesResponse, type TCaseListRow, type TCaseListType } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** How many cases of each workflow the picker shows for a search. */
export const CASE_PICKER_LIMIT = 8;

/** GET /v2/api/claims?type=&workFlow=&search=: one workflow's open or archived cases matching the search. */
const searchWorkflow = (type: TCaseListType, workFlow: string, search: string, signal?: AbortSignal) => {
  const query = new URLSearchParams({ type, workFlow, limit: String(CASE_PICKER_LIMIT) });
  if (search) query.set('search', search);
  return http(`/v2/api/claims?${query.toString()}`, { signal, ignoreLoadingBar: true }, ZListCasesResponse);
};

/**
 * The picker's cases: the cases of every workflow of the menu that match the search, open ones
 * first, then (only for a search: a mail may belong to a closed case) archived ones, each newest
 * change first. The case list is per workflow and list type, so each is one call; one whose call
 * fails is left out rather than failing the picker.
 */
export const searchCases = async (
  workFlows: string[],
  search: string,
  signal?: AbortSignal,
): Promise<TCaseListRow[]> => {
  const types: TCaseListType[] = search ? ['open', 'archive'] : ['open'];
  const answers = await Promise.allSettled(
    types.flatMap((type) => workFlows.map((wf) => searchWorkflow(type, wf, search, signal))),
  );
  const rows = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value.items : []));
  if (rows.length === 0) {
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return rows.sort(
    (a, b) => Number(a.isArchived) - Number(b.isArchived) || b.updatedAt.localeCompare(a.updatedAt),
  );
};

export const caseSearchQuery = (workFlows: string[], search: string) =>
  queryOptions({
    queryKey: ['cases', 'mail-picker', workFlows, search],
    queryFn: ({ signal }) => searchCases(workFlows, search, signal),
    enabled: workFlows.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useCaseSearch = (workFlows: string[], search: string) =>
  useQuery(caseSearchQuery(workFlows, search));
