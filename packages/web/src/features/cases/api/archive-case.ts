import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCase } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onCaseChanged } from './update-case';

/** PUT /claims/{id}/archive or /reopen, from the version the user saw. */
export const setCaseArchived = ({
  id,
  version,
  archived,
}: {
  id: number;
  version: number;
  archived: boolean;
}) =>
  http(
    `/v2/api/claims/${id}/${archived ? 'archive' : 'reopen'}`,
    { method: 'PUT', body: { version } },
    ZCase,
  );

export const useSetCaseArchived = ({ mutationConfig }: TMutationHookOptions<typeof setCaseArchived> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onCaseChanged(client, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: setCaseArchived,
  });
};
