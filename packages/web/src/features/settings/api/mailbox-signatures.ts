import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZListMailboxSignaturesResponse,
  ZUpdateMailboxSignaturesResponse,
  type TUpdateMailboxSignaturesRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

const MAILBOX_SIGNATURES_KEY = ['mailbox-signatures'] as const;

/** GET /v2/api/settings/mail-signatures: each of the store's mailboxes with its signatures. */
export const listMailboxSignatures = () =>
  http('/v2/api/settings/mail-signatures', {}, ZListMailboxSignaturesResponse);

export const mailboxSignaturesQuery = (enabled: boolean) =>
  queryOptions({ queryKey: MAILBOX_SIGNATURES_KEY, queryFn: listMailboxSignatures, enabled });

export const useMailboxSignatures = (enabled: boolean) => useQuery(mailboxSignaturesQuery(enabled));

/** PUT /v2/api/settings/mail-signatures/{mailboxId}: answers the mailbox with its saved signatures. */
export const updateMailboxSignatures = ({
  mailboxId,
  body,
}: {
  mailboxId: number;
  body: TUpdateMailboxSignaturesRequest;
}) =>
  http(
    `/v2/api/settings/mail-signatures/${String(mailboxId)}`,
    { method: 'PUT', body },
    ZUpdateMailboxSignaturesResponse,
  );

export const useUpdateMailboxSignatures = ({
  mutationConfig,
}: TMutationHookOptions<typeof updateMailboxSignatures> = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateMailboxSignatures,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: MAILBOX_SIGNATURES_KEY });
      return onSuccess?.(...args);
    },
  });
};
