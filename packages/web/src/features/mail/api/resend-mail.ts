import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZResendMailResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailChanged } from './mail-cache';

/**
 * PUT /v2/api/claims/mails/resend/{id}: queues a failed outgoing mail again; answers the mail.
 * A mail that may have been delivered already is refused (409, fieldErrors.confirm) unless
 * `confirm`.
 */
export const resendMail = ({ id, confirm = false }: { id: number; confirm?: boolean }) =>
  http(
    `/v2/api/claims/mails/resend/${String(id)}${confirm ? '?confirm=true' : ''}`,
    { method: 'PUT' },
    ZResendMailResponse,
  );

export const useResendMail = ({ mutationConfig }: TMutationHookOptions<typeof resendMail> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailChanged(client, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: resendMail,
  });
};
