import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZItemType, type TUpdateItemTypeRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { ITEM_TYPES_KEY } from './list-item-types';

export const updateItemType = ({ id, body }: { id: number; body: TUpdateItemTypeRequest }) =>
  http(`/v2/api/claim-item-types/${id}`, { method: 'PUT', body }, ZItemType);

export const useUpdateItemType = ({ mutationConfig }: TMutationHookOptions<typeof updateItemType> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ITEM_TYPES_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: updateItemType,
  });
};
