import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCase, type TCreateCaseRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { caseKey } from './get-case';
import { CASE_LISTS_KEY } from './list-cases';

export const createCase = (body: TCreateCaseRequest) =>
  http('/v2/api/claims', { method: 'POST', body }, ZCase);

export const useCreateCase = ({ mutationConfig }: TMutationHookOptions<typeof createCase> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      const [created] = args;
      client.setQueryData(caseKey(created.id), created);
      void client.invalidateQueries({ queryKey: CASE_LISTS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: createCase,
  });
};
