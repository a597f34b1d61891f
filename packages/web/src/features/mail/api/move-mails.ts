import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMoveMailsResponse, type TMoveMailsRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** POST /v2/api/claims/mails/move: the mails to a case, or back to unmapped with caseId null. */
export const moveMails = (request: TMoveMailsRequest) =>
  http('/v2/api/claims/mails/move', { method: 'POST', body: request }, ZMoveMailsResponse);

export const useMoveMails = ({ mutationConfig }: TMutationHookOptions<typeof moveMails> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: moveMails,
  });
};
