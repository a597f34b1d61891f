import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** DELETE .../initial-properties/remove-authorization/{id}: forgets a Google/Microsoft mailbox's tokens (204). */
export const removeAuthorization = (id: number) =>
  http(`/v2/api/settings/initial-properties/remove-authorization/${String(id)}`, {
    method: 'DELETE',
    responseType: 'none',
  });

export const useRemoveAuthorization = ({
  mutationConfig,
}: TMutationHookOptions<typeof removeAuthorization> = {}) =>
  useMailboxMutation(removeAuthorization, mutationConfig);
