import { ZCaseCosts, type TCreateCostLineRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useCostsMutation } from './costs-mutation';

/** POST /v2/api/claims/{id}/costs. */
export const addCostLine = ({ caseId, line }: { caseId: number; line: TCreateCostLineRequest }) =>
  http(`/v2/api/claims/${caseId}/costs`, { method: 'POST', body: line }, ZCaseCosts);

export const useAddCostLine = () => useCostsMutation(addCostLine);
