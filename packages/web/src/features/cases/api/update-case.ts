import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZCase, type TCase, type TUpdateCaseRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { caseKey } from './get-case';
import { timelineKey } from './get-case-timeline';
import { CASE_LISTS_KEY } from './list-cases';

export const updateCase = ({ id, body }: { id: number; body: TUpdateCaseRequest }) =>
  http(`/v2/api/claims/${id}`, { method: 'PUT', body }, ZCase);

/** After a case changed: its detail, its timeline and the lists (its row may move or leave). */
export const onCaseChanged = (client: QueryClient, updated: TCase) => {
  client.setQueryData(caseKey(updated.id), updated);
  void client.invalidateQueries({ queryKey: timelineKey(updated.id) });
  void client.invalidateQueries({ queryKey: CASE_LISTS_KEY });
};

export const useUpdateCase = ({ mutationConfig }: TMutationHookOptions<typeof updateCase> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onCaseChanged(client, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: updateCase,
  });
};
