import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCase, type TCreateCaseRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { caseKey } from './get-case';
import { CASE_LISTS_KEY } from './list-cases';

export const createCase = (body: TCreateCaseRequest) =>
  http('/v2/api/claims', { method: 'POST', body }, ZCase);

export const useCreateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    meta: { silent: true },
    onSuccess: (created) => {
      client.setQueryData(caseKey(created.id), created);
      void client.invalidateQueries({ queryKey: CASE_LISTS_KEY });
    },
  });
};
