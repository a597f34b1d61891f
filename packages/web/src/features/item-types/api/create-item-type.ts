import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZItemType, type TCreateItemTypeRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { ITEM_TYPES_KEY } from './list-item-types';

export const createItemType = (body: TCreateItemTypeRequest) =>
  http('/v2/api/claim-item-types', { method: 'POST', body }, ZItemType);

export const useCreateItemType = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createItemType,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ITEM_TYPES_KEY }),
  });
};
