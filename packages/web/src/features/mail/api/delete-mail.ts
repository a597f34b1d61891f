import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** DELETE /v2/api/claims/mails/{id}?isDelete=false: into the bin, from where it can be restored. */
export const binMail = (mailId: number) =>
  http<undefined>(`/v2/api/claims/mails/${String(mailId)}?isDelete=false`, {
    method: 'DELETE',
    responseType: 'none',
  });

/** Several mails into the bin, one call each (the server has no batch delete); all are tried. */
export const binMails = async (mailIds: number[]): Promise<number[]> => {
  const results = await Promise.allSettled(mailIds.map((id) => binMail(id)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason;
  return mailIds.filter((_, i) => results[i]?.status === 'fulfilled');
};

export const useBinMails = ({ mutationConfig }: TMutationHookOptions<typeof binMails> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: binMails,
  });
};
