import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCaseCosts } from '@claimdesk/contracts';
import { caseCostsKey } from './get-case-costs';

/**
 * Every write to a case's costs answers the case's costs: they replace the cached ones, and the
 * case's timeline (the cases feature's key, ['cases', 'timeline', id]) is read again.
 */
export const useCostsMutation = <TVariables extends { caseId: number }>(
  mutationFn: (variables: TVariables) => Promise<TCaseCosts>,
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (costs, variables) => {
      client.setQueryData(caseCostsKey(variables.caseId), costs);
      void client.invalidateQueries({ queryKey: ['cases', 'timeline', variables.caseId] });
    },
  });
};
