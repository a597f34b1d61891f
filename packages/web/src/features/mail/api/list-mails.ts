import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { ZListMailsResponse, type TListMailsQuery, type TMessageSource } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAILS_KEY } from './get-mail';

export const INBOX_KEY = [...MAILS_KEY, 'inbox'] as const;
/** The menu's badges (GET /v2/api/reports/mail-count): mail actions change them. */
export const MAIL_COUNT_KEY = ['mail-count'] as const;
/** The case lists carry unread and pending counts per case: mail actions change them too. */
export const CASES_KEY = ['cases'] as const;

/** The inbox's filters as the URL and the call carry them (cursor and limit are the pager's). */
export type TInboxFilters = Partial<Omit<TListMailsQuery, 'cursor' | 'limit'>>;

export const inboxSearch = (filters: TInboxFilters, cursor?: string): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '' && value !== false)
      query.set(key, String(value));
  }
  if (cursor) query.set('cursor', cursor);
  return query.toString();
};

/** GET /v2/api/messages/{messageSource}: one page of the store's mails, newest first. */
export const listMails = (
  source: TMessageSource,
  filters: TInboxFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) => http(`/v2/api/messages/${source}?${inboxSearch(filters, cursor)}`, { signal }, ZListMailsResponse);

export const inboxQuery = (source: TMessageSource, filters: TInboxFilters) =>
  infiniteQueryOptions({
    queryKey: [...INBOX_KEY, source, filters],
    queryFn: ({ pageParam, signal }) => listMails(source, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The list shows its own error (a filter it cannot use, no connection).
    meta: { silent: true },
  });

export const useInboxMails = (source: TMessageSource, filters: TInboxFilters) =>
  useInfiniteQuery(inboxQuery(source, filters));

/** After a mail moved, was mapped, binned or restored: the lists, the badges and the case counts follow. */
export const onMailsChanged = (client: QueryClient): void => {
  void client.invalidateQueries({ queryKey: MAILS_KEY });
  void client.invalidateQueries({ queryKey: MAIL_COUNT_KEY });
  void client.invalidateQueries({ queryKey: CASES_KEY });
};
