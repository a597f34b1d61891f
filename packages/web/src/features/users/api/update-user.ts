import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateUserResponse, type TUpdateUserRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

export const updateUser = ({ id, body }: { id: number; body: TUpdateUserRequest }) =>
  http(`/v2/api/users/${id}`, { method: 'PUT', body }, ZUpdateUserResponse);

export const useUpdateUser = ({ mutationConfig }: TMutationHookOptions<typeof updateUser> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      void client.invalidateQueries({ queryKey: ['users', 'by-user-name', args[0].username] });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: updateUser,
  });
};
