import { ZVerifyMailboxResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** POST .../mailboxes/{id}/verify: a wrong code is 400 on `code`; too many or expired: 429 or 409. */
export const verifyMailbox = ({ id, code }: { id: number; code: string }) =>
  http(
    `/v2/api/settings/mailboxes/${String(id)}/verify`,
    { method: 'POST', body: { code } },
    ZVerifyMailboxResponse,
  );

export const useVerifyMailbox = ({ mutationConfig }: TMutationHookOptions<typeof verifyMailbox> = {}) =>
  useMailboxMutation(verifyMailbox, mutationConfig);
