import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZShopConnection, type TWooCommerceConnectRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { SHOPS_KEY } from './list-shops';

/** POST /v2/api/shops/woocommerce: the keys are tried before the shop is stored. */
export const connectWooCommerce = (body: TWooCommerceConnectRequest) =>
  http('/v2/api/shops/woocommerce', { method: 'POST', body }, ZShopConnection);

export const useConnectWooCommerce = ({
  mutationConfig,
}: TMutationHookOptions<typeof connectWooCommerce> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: SHOPS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: connectWooCommerce,
  });
};
