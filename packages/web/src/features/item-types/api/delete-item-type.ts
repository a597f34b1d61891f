import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { ITEM_TYPES_KEY } from './list-item-types';

/** A type in use answers 409 CONFLICT: the screen offers to disable it instead. */
export const deleteItemType = (id: number) =>
  http(`/v2/api/claim-item-types/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteItemType = ({ mutationConfig }: TMutationHookOptions<typeof deleteItemType> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ITEM_TYPES_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: deleteItemType,
  });
};
