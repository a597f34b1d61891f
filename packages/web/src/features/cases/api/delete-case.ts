import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { caseKey } from './get-case';
import { CASE_LISTS_KEY } from './list-cases';

export const deleteCase = (id: number) =>
  http(`/v2/api/claims/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCase,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: caseKey(id) });
      void client.invalidateQueries({ queryKey: CASE_LISTS_KEY });
    },
  });
};
