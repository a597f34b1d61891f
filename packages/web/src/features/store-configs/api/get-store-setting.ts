import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStoreSettingResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/**
 * GET /v2/api/stores/setting, for its supplier source: with an external one, store-config calls
 * go to /v2/shared (source, section 7). Same key as the settings feature's query, so one cache.
 */
export const storeSettingQuery = () =>
  queryOptions({
    queryKey: ['store-setting'],
    queryFn: () => http('/v2/api/stores/setting', {}, ZStoreSettingResponse),
    staleTime: 5 * 60_000,
  });

export const useStoreSetting = () => useQuery(storeSettingQuery());
