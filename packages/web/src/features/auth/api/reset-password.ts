import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

export interface TResetPasswordInput {
  request: TResetPasswordRequest;
  tenantId: string;
}

/** PUT /v2/api/users/reset-password with X-TENANT-ID, before sign-in. */
export const resetPassword = ({ request, tenantId }: TResetPasswordInput) =>
  http<{ message: string }>('/v2/api/users/reset-password', { method: 'PUT', body: request, tenantId });

export const useResetPassword = ({ mutationConfig }: TMutationHookOptions<typeof resetPassword> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: resetPassword });
