import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMapMailResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { isHttpError } from '../../../lib/http-error';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** PUT /v2/api/unmapped-mails/{id}/map: the mail and its unmapped thread onto a case. */
export const mapMail = ({ mailId, caseId }: { mailId: number; caseId: number }) =>
  http(`/v2/api/unmapped-mails/${String(mailId)}/map`, { method: 'PUT', body: { caseId } }, ZMapMailResponse);

/**
 * Maps each of the mails onto the case, one call each. A mail that an earlier one already took
 * along with its thread answers 409 and is skipped. Answers every mail that moved (threads
 * included), for the undo.
 */
export const mapMails = async ({ mailIds, caseId }: { mailIds: number[]; caseId: number }) => {
  const moved = new Set<number>();
  let caseNumber: number | null = null;
  for (const mailId of mailIds) {
    if (moved.has(mailId)) continue;
    try {
      const answer = await mapMail({ mailId, caseId });
      caseNumber = answer.caseNumber;
      answer.mails.forEach((m) => moved.add(m.id));
    } catch (error) {
      if (!(isHttpError(error) && error.status === 409) || mailIds.length === 1) throw error;
    }
  }
  return { caseId, caseNumber, mailIds: [...moved] };
};

export const useMapMails = ({ mutationConfig }: TMutationHookOptions<typeof mapMails> = {}) => {
  const client = useQueryClient();
  const { onSuccess, onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => onSuccess?.(...args),
    // Some may have moved before a later call failed: the lists follow either way.
    onSettled: (...args) => {
      onMailsChanged(client);
      return onSettled?.(...args);
    },
    ...restConfig,
    mutationFn: mapMails,
  });
};
