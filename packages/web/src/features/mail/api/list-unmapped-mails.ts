import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZListUnmappedMailsResponse, type TUnmappedMailType } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAILS_KEY } from './get-mail';

/** The tabs of /unmapped-mails/all/{type}: the contract's lists, the bin last. */
export type TUnmappedTab = TUnmappedMailType | 'bin';
export const UNMAPPED_TABS: readonly TUnmappedTab[] = ['inbox', 'sent', 'drafts', 'unparseable', 'bin'];
export const isUnmappedTab = (value: unknown): value is TUnmappedTab =>
  typeof value === 'string' && (UNMAPPED_TABS as readonly string[]).includes(value);

export const UNMAPPED_KEY = [...MAILS_KEY, 'unmapped'] as const;

/** GET /v2/api/unmapped-mails?type=&cursor=: one page of the mails without a case, newest first. */
export const listUnmappedMails = (type: TUnmappedTab, cursor: string | undefined, signal?: AbortSignal) => {
  const query = new URLSearchParams({ type });
  if (cursor) query.set('cursor', cursor);
  return http(`/v2/api/unmapped-mails?${query.toString()}`, { signal }, ZListUnmappedMailsResponse);
};

export const unmappedQuery = (type: TUnmappedTab) =>
  infiniteQueryOptions({
    queryKey: [...UNMAPPED_KEY, type],
    queryFn: ({ pageParam, signal }) => listUnmappedMails(type, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { silent: true },
  });

export const useUnmappedMails = (type: TUnmappedTab) => useInfiniteQuery(unmappedQuery(type));
