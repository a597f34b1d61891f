import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

/** Disables (or enables again) a staff user: its sessions end at once, its history stays. */
export const setUserDisabled = ({ id, isDisabled }: { id: number; isDisabled: boolean }) =>
  http(`/v2/api/users/${id}/disabled`, { method: 'PUT', body: { isDisabled } }, ZUser);

export const useSetUserDisabled = ({ mutationConfig }: TMutationHookOptions<typeof setUserDisabled> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: setUserDisabled,
  });
};
