import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

export const deleteUser = (id: number) =>
  http(`/v2/api/users/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteUser = ({ mutationConfig }: TMutationHookOptions<typeof deleteUser> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: deleteUser,
  });
};
