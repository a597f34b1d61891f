import { ZCreateMailboxResponse, type TCreateMailboxRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** POST /v2/api/settings/mailboxes: 201 with the new mailbox, unproven; its code is mailed. */
export const createMailbox = (body: TCreateMailboxRequest) =>
  http('/v2/api/settings/mailboxes', { method: 'POST', body }, ZCreateMailboxResponse);

export const useCreateMailbox = ({ mutationConfig }: TMutationHookOptions<typeof createMailbox> = {}) =>
  useMailboxMutation(createMailbox, mutationConfig);
