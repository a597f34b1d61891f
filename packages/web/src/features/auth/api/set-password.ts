import { useMutation } from '@tanstack/react-query';
import type { TSetPasswordRequest, TSetPasswordResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST /v2/api/users/set-password with the link's store: chooses the password, once. */
export const setPasswordWithLink = ({ store, request }: { store: string; request: TSetPasswordRequest }) =>
  http<TSetPasswordResponse>('/v2/api/users/set-password', {
    method: 'POST',
    body: request,
    tenantId: store,
  });

export const useSetPasswordWithLink = ({
  mutationConfig,
}: TMutationHookOptions<typeof setPasswordWithLink> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: setPasswordWithLink });
