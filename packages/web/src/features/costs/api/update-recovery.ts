import { ZCaseCosts, type TUpdateRecoveryRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useCostsMutation } from './costs-mutation';

/** PUT /v2/api/claims/{id}/recovery. */
export const updateRecovery = ({ caseId, recovery }: { caseId: number; recovery: TUpdateRecoveryRequest }) =>
  http(`/v2/api/claims/${caseId}/recovery`, { method: 'PUT', body: recovery }, ZCaseCosts);

export const useUpdateRecovery = () => useCostsMutation(updateRecovery);
