import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListCasesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** How many cases the preview's case picker offers for a search. */
export const PREVIEW_CASE_LIMIT = 10;

/**
 * GET /v2/api/claims?type=open&workFlow=&search=: the open cases of the template's workflow
 * matching the search, newest change first, to preview a template against.
 */
export const listPreviewCases = (workFlow: string, search: string, signal?: AbortSignal) => {
  const query = new URLSearchParams({ type: 'open', workFlow, limit: String(PREVIEW_CASE_LIMIT) });
  if (search) query.set('search', search);
  return http(`/v2/api/claims?${query.toString()}`, { signal, ignoreLoadingBar: true }, ZListCasesResponse);
};

export const previewCasesQuery = (workFlow: string, search: string) =>
  queryOptions({
    queryKey: ['cases', 'mail-template-preview', workFlow, search],
    queryFn: ({ signal }) => listPreviewCases(workFlow, search, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const usePreviewCases = (workFlow: string, search: string) =>
  useQuery(previewCasesQuery(workFlow, search));
