import { useMutation } from '@tanstack/react-query';
import type { TUpdatePasswordRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** PUT /v2/api/users/update-password/{id}: text answer; oldPassword is required for oneself. */
export const updatePassword = ({ id, body }: { id: number; body: TUpdatePasswordRequest }) =>
  http<string>(`/v2/api/users/update-password/${id}`, { method: 'PUT', body, responseType: 'text' });

export const useUpdatePassword = ({ mutationConfig }: TMutationHookOptions<typeof updatePassword> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: updatePassword });
