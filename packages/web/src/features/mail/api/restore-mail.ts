import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** PUT /v2/api/claims/mails/{id}/restore: out of the bin, back where it was. */
export const restoreMail = (mailId: number) =>
  http<undefined>(`/v2/api/claims/mails/${String(mailId)}/restore`, { method: 'PUT', responseType: 'none' });

/** Several mails out of the bin (the undo of a delete), one call each. */
export const restoreMails = async (mailIds: number[]): Promise<void> => {
  await Promise.all(mailIds.map((id) => restoreMail(id)));
};

export const useRestoreMails = ({ mutationConfig }: TMutationHookOptions<typeof restoreMails> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: restoreMails,
  });
};
