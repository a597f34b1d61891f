import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListMailboxesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/**
 * GET /v2/api/settings/mailboxes, for the inbox's mailbox filter. Only administrators may read
 * it: for anyone else the call fails quietly and the filter is not offered.
 */
export const listMailboxes = () =>
  http('/v2/api/settings/mailboxes', { ignoreLoadingBar: true }, ZListMailboxesResponse);

export const mailboxFilterQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['mailboxes', 'inbox-filter'],
    queryFn: listMailboxes,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useMailboxFilter = (enabled: boolean) => useQuery(mailboxFilterQuery(enabled));
