import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST /v2/api/users/forgot-password: the same neutral answer whether or not the address has an account. */
export const forgotPassword = (email: string) =>
  http<{ message: string }>('/v2/api/users/forgot-password', {
    method: 'POST',
    body: { email },
    tenantId: null,
  });

export const useForgotPassword = ({ mutationConfig }: TMutationHookOptions<typeof forgotPassword> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: forgotPassword });
