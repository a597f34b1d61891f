import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** DELETE .../mailboxes/{id}: 204; 409 while mails sent through it still wait in the outbox. */
export const deleteMailbox = (id: number) =>
  http(`/v2/api/settings/mailboxes/${String(id)}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteMailbox = ({ mutationConfig }: TMutationHookOptions<typeof deleteMailbox> = {}) =>
  useMailboxMutation(deleteMailbox, mutationConfig);
