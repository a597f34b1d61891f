import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConfigName } from '@claimdesk/contracts';
import { jsonConfigKey, loadJsonConfig } from '../../../lib/config';
import type { TGrantType } from '../../../lib/session';

/** A configuration document; the store's, else the shared one, else the lite file for one-time-code users. */
export const jsonConfigQuery = <N extends TConfigName>(name: N, grantType: TGrantType | null) =>
  queryOptions({
    queryKey: jsonConfigKey(name, grantType),
    queryFn: () => loadJsonConfig(name, grantType),
    enabled: grantType !== null,
    staleTime: 5 * 60_000,
  });

export const useJsonConfig = <N extends TConfigName>(name: N, grantType: TGrantType | null) =>
  useQuery(jsonConfigQuery(name, grantType));
