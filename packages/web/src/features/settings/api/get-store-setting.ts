import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStoreSettingResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const getStoreSetting = () => http('/v2/api/stores/setting', {}, ZStoreSettingResponse);

export const storeSettingQuery = (enabled: boolean) =>
  queryOptions({ queryKey: ['store-setting'], queryFn: getStoreSetting, enabled, staleTime: 5 * 60_000 });

export const useStoreSetting = (enabled: boolean) => useQuery(storeSettingQuery(enabled));
