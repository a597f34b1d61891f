import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCase } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** POST /v2/api/unmapped-mails/{id}/create-case: a new case of the workflow, its customer from the sender. */
export const createCaseFromMail = ({ mailId, workFlow }: { mailId: number; workFlow: string }) =>
  http(`/v2/api/unmapped-mails/${String(mailId)}/create-case`, { method: 'POST', body: { workFlow } }, ZCase);

/**
 * DELETE /v2/api/unmapped-mails/{id}/create-case?caseId=: the undo of that create (the case's
 * mails back to unmapped, the case deleted); 409 once the case has changed since.
 */
export const undoCaseFromMail = ({ mailId, caseId }: { mailId: number; caseId: number }) =>
  http<undefined>(`/v2/api/unmapped-mails/${String(mailId)}/create-case?caseId=${String(caseId)}`, {
    method: 'DELETE',
    responseType: 'none',
  });

export const useCreateCaseFromMail = ({
  mutationConfig,
}: TMutationHookOptions<typeof createCaseFromMail> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: createCaseFromMail,
  });
};
