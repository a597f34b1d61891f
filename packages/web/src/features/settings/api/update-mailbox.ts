import { ZUpdateMailboxResponse, type TUpdateMailboxRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** PUT /v2/api/settings/mailboxes/{id}: what is given changes; a password left out is kept. */
export const updateMailbox = ({ id, body }: { id: number; body: TUpdateMailboxRequest }) =>
  http(`/v2/api/settings/mailboxes/${String(id)}`, { method: 'PUT', body }, ZUpdateMailboxResponse);

export const useUpdateMailbox = ({ mutationConfig }: TMutationHookOptions<typeof updateMailbox> = {}) =>
  useMailboxMutation(updateMailbox, mutationConfig);
