import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMarkReadStatusResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailChanged } from './mail-cache';

/** PUT /v2/api/claims/mails/{id}/mark-read-status?isRead=: answers the updated mail. */
export const markReadStatus = ({ id, isRead }: { id: number; isRead: boolean }) =>
  http(
    `/v2/api/claims/mails/${id}/mark-read-status?isRead=${String(isRead)}`,
    { method: 'PUT', ignoreLoadingBar: true },
    ZMarkReadStatusResponse,
  );

export const useMarkReadStatus = ({ mutationConfig }: TMutationHookOptions<typeof markReadStatus> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailChanged(client, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: markReadStatus,
  });
};
