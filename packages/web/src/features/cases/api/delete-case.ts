import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { caseKey } from './get-case';
import { CASE_LISTS_KEY } from './list-cases';

export const deleteCase = (id: number) =>
  http(`/v2/api/claims/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteCase = ({ mutationConfig }: TMutationHookOptions<typeof deleteCase> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      client.removeQueries({ queryKey: caseKey(args[1]) });
      void client.invalidateQueries({ queryKey: CASE_LISTS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: deleteCase,
  });
};
