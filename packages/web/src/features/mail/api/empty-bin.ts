import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEmptyBinResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** DELETE /v2/api/unmapped-mails/bin: every binned mail removed for good (a tombstone stays). */
export const emptyBin = () => http('/v2/api/unmapped-mails/bin', { method: 'DELETE' }, ZEmptyBinResponse);

export const useEmptyBin = ({ mutationConfig }: TMutationHookOptions<typeof emptyBin> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: emptyBin,
  });
};
