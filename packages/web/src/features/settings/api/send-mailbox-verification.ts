import { useMutation } from '@tanstack/react-query';
import { ZSendMailboxVerificationResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxesChanged } from './mailbox-cache';

/** POST .../mailboxes/{id}/verification: mails a new code (at most once a minute: 429 with Retry-After). */
export const sendMailboxVerification = (id: number) =>
  http(
    `/v2/api/settings/mailboxes/${String(id)}/verification`,
    { method: 'POST' },
    ZSendMailboxVerificationResponse,
  );

/** The mailbox's verificationSentAt moves: only the lists refresh (the badge does not change). */
export const useSendMailboxVerification = ({
  mutationConfig,
}: TMutationHookOptions<typeof sendMailboxVerification> = {}) => {
  const changed = useMailboxesChanged();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await changed();
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: sendMailboxVerification,
  });
};
