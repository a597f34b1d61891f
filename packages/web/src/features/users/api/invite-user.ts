import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInviteUserResponse, type TInviteUserRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

/** POST /v2/api/users/invite: the colleague gets a mail with a link to choose their password. */
export const inviteUser = (body: TInviteUserRequest) =>
  http('/v2/api/users/invite', { method: 'POST', body }, ZInviteUserResponse);

export const useInviteUser = ({ mutationConfig }: TMutationHookOptions<typeof inviteUser> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: inviteUser,
  });
};
