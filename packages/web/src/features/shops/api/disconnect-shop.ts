import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { SHOPS_KEY } from './list-shops';

/** DELETE /v2/api/shops/{id}: the cases keep what they took from the shop. */
export const disconnectShop = (id: number) =>
  http(`/v2/api/shops/${String(id)}`, { method: 'DELETE', responseType: 'none' });

export const useDisconnectShop = ({ mutationConfig }: TMutationHookOptions<typeof disconnectShop> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: SHOPS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: disconnectShop,
  });
};
