import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZItemType, type TUpdateItemTypeRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { ITEM_TYPES_KEY } from './list-item-types';

export const updateItemType = ({ id, body }: { id: number; body: TUpdateItemTypeRequest }) =>
  http(`/v2/api/claim-item-types/${id}`, { method: 'PUT', body }, ZItemType);

export const useUpdateItemType = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateItemType,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ITEM_TYPES_KEY }),
  });
};
