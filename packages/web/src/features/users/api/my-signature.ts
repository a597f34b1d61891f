import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZGetMySignaturesResponse,
  ZUpdateMySignaturesResponse,
  type TUpdateMySignaturesRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

const MY_SIGNATURE_KEY = ['users', 'my-signature'] as const;

/** GET /v2/api/users/my-signature: the signed-in person's signatures, HTML per language. */
export const getMySignatures = () => http('/v2/api/users/my-signature', {}, ZGetMySignaturesResponse);

export const mySignaturesQuery = (enabled: boolean) =>
  queryOptions({ queryKey: MY_SIGNATURE_KEY, queryFn: getMySignatures, enabled });

export const useMySignatures = (enabled: boolean) => useQuery(mySignaturesQuery(enabled));

/** PUT /v2/api/users/my-signature: answers the signatures as saved (cleaned on the server). */
export const updateMySignatures = (body: TUpdateMySignaturesRequest) =>
  http('/v2/api/users/my-signature', { method: 'PUT', body }, ZUpdateMySignaturesResponse);

export const useUpdateMySignatures = ({
  mutationConfig,
}: TMutationHookOptions<typeof updateMySignatures> = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateMySignatures,
    onSuccess: (...args) => {
      queryClient.setQueryData(MY_SIGNATURE_KEY, args[0]);
      return onSuccess?.(...args);
    },
  });
};
