import { ZCaseCosts } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useCostsMutation } from './costs-mutation';

/** DELETE /v2/api/claims/{id}/costs/{costId}. */
export const deleteCostLine = ({ caseId, costId }: { caseId: number; costId: number }) =>
  http(`/v2/api/claims/${caseId}/costs/${costId}`, { method: 'DELETE' }, ZCaseCosts);

export const useDeleteCostLine = () => useCostsMutation(deleteCostLine);
