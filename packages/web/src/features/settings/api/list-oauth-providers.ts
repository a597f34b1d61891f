import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOAuthProvidersResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** GET /v2/api/external-auth/providers: the sign-ins this server is set up for (Google, Microsoft). */
export const listOAuthProviders = () => http('/v2/api/external-auth/providers', {}, ZOAuthProvidersResponse);

export const oauthProvidersQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['oauth-providers'],
    queryFn: listOAuthProviders,
    enabled,
    // The server's setup changes only with a restart.
    staleTime: Infinity,
  });

export const useOAuthProviders = (enabled: boolean) => useQuery(oauthProvidersQuery(enabled));
