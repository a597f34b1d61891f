import { useMutation } from '@tanstack/react-query';
import { ZTestMailboxResponse, type TTestMailboxSettingsRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST .../mailboxes/test: the same check on settings not saved yet; nothing is stored. */
export const testMailboxSettings = (body: TTestMailboxSettingsRequest) =>
  http('/v2/api/settings/mailboxes/test', { method: 'POST', body }, ZTestMailboxResponse);

export const useTestMailboxSettings = ({
  mutationConfig,
}: TMutationHookOptions<typeof testMailboxSettings> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: testMailboxSettings });
