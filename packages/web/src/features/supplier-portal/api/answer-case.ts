import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSupplierAnswer, type TAnswerCaseRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { portalCaseKey } from './portal-keys';

/** POST /v2/api/supplier-portal/cases/{id}/answers. */
export const answerCase = ({ caseId, answer }: { caseId: number; answer: TAnswerCaseRequest }) =>
  http(`/v2/api/supplier-portal/cases/${caseId}/answers`, { method: 'POST', body: answer }, ZSupplierAnswer);

export const useAnswerCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerCase,
    onSuccess: (_answer, { caseId }) => client.invalidateQueries({ queryKey: portalCaseKey(caseId) }),
  });
};
