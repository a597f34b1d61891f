import { useMutation } from '@tanstack/react-query';
import { ZInviteUserResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST /v2/api/users/:id/invite: a new link by mail; the earlier one is void. Nothing listed changes. */
export const resendInvitation = (id: number) =>
  http(`/v2/api/users/${String(id)}/invite`, { method: 'POST' }, ZInviteUserResponse);

export const useResendInvitation = ({ mutationConfig }: TMutationHookOptions<typeof resendInvitation> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: resendInvitation });
