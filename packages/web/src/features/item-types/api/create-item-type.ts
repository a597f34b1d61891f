import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZItemType, type TCreateItemTypeRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { ITEM_TYPES_KEY } from './list-item-types';

export const createItemType = (body: TCreateItemTypeRequest) =>
  http('/v2/api/claim-item-types', { method: 'POST', body }, ZItemType);

export const useCreateItemType = ({ mutationConfig }: TMutationHookOptions<typeof createItemType> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ITEM_TYPES_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: createItemType,
  });
};
