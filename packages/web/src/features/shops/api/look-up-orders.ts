import { useQuery } from '@tanstack/react-query';
import { ZShopOrdersResponse, type TShopOrdersQuery } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** GET /v2/api/shop-orders: an order by number, or a customer's newest orders by email or phone. */
export const lookUpOrders = (query: TShopOrdersQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return http(
    `/v2/api/shop-orders?${params.toString()}`,
    { signal, ignoreLoadingBar: true },
    ZShopOrdersResponse,
  );
};

/**
 * The orders for what the case names, once asked (`query` null: nothing asked yet). The case screen
 * never waits for it: the panel shows its own progress and errors. A shop's refusal is not retried
 * here (the server has tried already).
 */
export const useShopOrders = (query: TShopOrdersQuery | null) =>
  useQuery({
    queryKey: ['shop-orders', query],
    queryFn: ({ signal }) => lookUpOrders(query ?? {}, signal),
    enabled: query !== null,
    retry: false,
    staleTime: 60_000,
    meta: { silent: true },
  });
