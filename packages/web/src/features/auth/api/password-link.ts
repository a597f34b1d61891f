import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasswordLinkResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export interface TPasswordLink {
  store: string;
  token: string;
}

/** GET /v2/api/users/password-link: what a mailed link is for, while it stands (404 after). */
export const getPasswordLink = ({ store, token }: TPasswordLink) =>
  http<TPasswordLinkResponse>(`/v2/api/users/password-link?token=${encodeURIComponent(token)}`, {
    tenantId: store,
  });

export const passwordLinkQuery = (link: TPasswordLink) =>
  queryOptions({
    queryKey: ['password-link', link.store, link.token],
    queryFn: () => getPasswordLink(link),
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });

export const usePasswordLink = (link: TPasswordLink) => useQuery(passwordLinkQuery(link));
