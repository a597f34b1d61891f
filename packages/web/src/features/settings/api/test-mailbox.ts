import { useMutation } from '@tanstack/react-query';
import { ZTestMailboxResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST .../mailboxes/{id}/test: signs in with the saved settings; each server's outcome. Nothing changes. */
export const testMailbox = (id: number) =>
  http(`/v2/api/settings/mailboxes/${String(id)}/test`, { method: 'POST' }, ZTestMailboxResponse);

export const useTestMailbox = ({ mutationConfig }: TMutationHookOptions<typeof testMailbox> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: testMailbox });
