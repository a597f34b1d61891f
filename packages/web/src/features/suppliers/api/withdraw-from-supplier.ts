import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWithdrawFromSupplierResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { caseSupplierKey } from './send-to-supplier';
import { SUPPLIERS_KEY } from './supplier-source';

/** The cases feature's query keys start with this (features do not import each other). */
const CASES_KEY = ['cases'] as const;

export const withdrawFromSupplier = (caseId: number) =>
  http(
    `/v2/api/claims/${String(caseId)}/withdraw-from-supplier`,
    { method: 'POST' },
    ZWithdrawFromSupplierResponse,
  );

/**
 * Takes the case back from its supplier (its contact persons read it no more); the case, its
 * supplier status, timeline and the suppliers' figures are read again.
 */
export const useWithdrawFromSupplier = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawFromSupplier,
    onSuccess: async (_data, caseId) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: caseSupplierKey(caseId) }),
        client.invalidateQueries({ queryKey: [...CASES_KEY, 'detail', caseId] }),
        client.invalidateQueries({ queryKey: [...CASES_KEY, 'timeline', caseId] }),
        client.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
      ]);
    },
  });
};
