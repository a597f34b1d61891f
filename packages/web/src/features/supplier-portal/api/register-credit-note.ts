import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCaseCosts, type TSupplierAnswer } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { supplierAnswersKey } from './portal-keys';

/** What the card needs of the case's costs: its credit notes. */
const ZCaseCreditNotes = ZCaseCosts.pick({ creditNotes: true });

/** Under the answers' key, so that CASE_UPDATED (a cost registered anywhere) refreshes it with them. */
const caseCreditNotesKey = (caseId: number) => [...supplierAnswersKey(caseId), 'credit-notes'] as const;

/** The numbers of the case's registered credit notes (GET /v2/api/claims/{id}/costs). */
export const caseCreditNotesQuery = (caseId: number) =>
  queryOptions({
    queryKey: caseCreditNotesKey(caseId),
    queryFn: async () =>
      (await http(`/v2/api/claims/${caseId}/costs`, {}, ZCaseCreditNotes)).creditNotes.map((n) => n.number),
  });

export const useCaseCreditNoteNumbers = (caseId: number, isEnabled: boolean) =>
  useQuery({ ...caseCreditNotesQuery(caseId), enabled: isEnabled });

/**
 * Registers the supplier's answered credit note on the case's costs (POST
 * /v2/api/claims/{id}/credit-notes), dated the day it was answered.
 */
export const registerCreditNote = ({ caseId, answer }: { caseId: number; answer: TSupplierAnswer }) =>
  http(
    `/v2/api/claims/${caseId}/credit-notes`,
    {
      method: 'POST',
      body: {
        number: answer.creditNoteNumber,
        noteDate: answer.createdAt.slice(0, 10),
        amountMinor: answer.amountMinor,
        currency: answer.currency,
        note: null,
      },
    },
    ZCaseCreditNotes,
  );

export const useRegisterCreditNote = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerCreditNote,
    onSuccess: (_costs, { caseId }) => client.invalidateQueries({ queryKey: caseCreditNotesKey(caseId) }),
  });
};
