import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ITEM_TYPES_KEY } from './list-item-types';

/** A type in use answers 409 CONFLICT: the screen offers to disable it instead. */
export const deleteItemType = (id: number) =>
  http(`/v2/api/claim-item-types/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteItemType = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteItemType,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ITEM_TYPES_KEY }),
  });
};
