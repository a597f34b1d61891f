import { ZCaseCosts, type TCreateCreditNoteRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useCostsMutation } from './costs-mutation';

/** POST /v2/api/claims/{id}/credit-notes. */
export const addCreditNote = ({ caseId, note }: { caseId: number; note: TCreateCreditNoteRequest }) =>
  http(`/v2/api/claims/${caseId}/credit-notes`, { method: 'POST', body: note }, ZCaseCosts);

export const useAddCreditNote = () => useCostsMutation(addCreditNote);
