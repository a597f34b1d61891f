import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { TCaseSuggestion } from '@claimdesk/contracts';
import { ZMailSuggestionsResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAILS_KEY } from './get-mail';

export const SUGGESTIONS_KEY = [...MAILS_KEY, 'suggestions'] as const;

/** GET /v2/api/unmapped-mails/suggestions?ids=: the likely cases of a page of unmapped mails, in one call. */
export const getMailSuggestions = (ids: number[], signal?: AbortSignal) =>
  http(
    `/v2/api/unmapped-mails/suggestions?ids=${ids.join(',')}`,
    { signal, ignoreLoadingBar: true },
    ZMailSuggestionsResponse,
  );

export const mailSuggestionsQuery = (ids: number[]) =>
  queryOptions({
    queryKey: [...SUGGESTIONS_KEY, ids],
    queryFn: ({ signal }) => getMailSuggestions(ids, signal),
    enabled: ids.length > 0,
    // Suggestions help; without them the screen still maps by search.
    meta: { silent: true },
  });

export const useMailSuggestions = (ids: number[]) => useQuery(mailSuggestionsQuery(ids));

/**
 * The suggestions of a paged list: one call per page (its mails' ids), merged by mail id.
 * `isLoading` holds while any page's call is still out.
 */
export const usePageSuggestions = (pages: number[][]) =>
  useQueries({
    queries: pages.map((ids) => mailSuggestionsQuery(ids)),
    combine: (results) => {
      const byMail = new Map<number, TCaseSuggestion[]>();
      for (const result of results)
        for (const [id, list] of Object.entries(result.data ?? {})) byMail.set(Number(id), list);
      return { byMail, isLoading: results.some((r) => r.isPending && r.fetchStatus !== 'idle') };
    },
  });
