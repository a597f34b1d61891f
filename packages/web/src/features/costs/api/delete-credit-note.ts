import { ZCaseCosts } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useCostsMutation } from './costs-mutation';

/** DELETE /v2/api/claims/{id}/credit-notes/{noteId}. */
export const deleteCreditNote = ({ caseId, noteId }: { caseId: number; noteId: number }) =>
  http(`/v2/api/claims/${caseId}/credit-notes/${noteId}`, { method: 'DELETE' }, ZCaseCosts);

export const useDeleteCreditNote = () => useCostsMutation(deleteCreditNote);
