import { ZSetMailboxEnabledResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxMutation } from './mailbox-cache';

/** PUT .../mailboxes/{id}/enabled: 409 for a Google/Microsoft mailbox whose authorization was removed. */
export const setMailboxEnabled = ({ id, isEnabled }: { id: number; isEnabled: boolean }) =>
  http(
    `/v2/api/settings/mailboxes/${String(id)}/enabled`,
    { method: 'PUT', body: { isEnabled } },
    ZSetMailboxEnabledResponse,
  );

export const useSetMailboxEnabled = ({
  mutationConfig,
}: TMutationHookOptions<typeof setMailboxEnabled> = {}) =>
  useMailboxMutation(setMailboxEnabled, mutationConfig);
