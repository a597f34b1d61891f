import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMailSuggestionsResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAILS_KEY } from './list-mails';

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
