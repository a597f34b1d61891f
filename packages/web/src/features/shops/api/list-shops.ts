import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZShopConnectionsResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const SHOPS_KEY = ['shops'] as const;

/** GET /v2/api/shops: the store's connected web shops. */
export const listShops = () => http('/v2/api/shops', {}, ZShopConnectionsResponse);

export const shopsQuery = () =>
  queryOptions({ queryKey: SHOPS_KEY, queryFn: listShops, staleTime: 5 * 60_000, meta: { silent: true } });

export const useShops = () => useQuery(shopsQuery());
