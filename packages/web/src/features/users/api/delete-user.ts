import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { USERS_LIST_KEY } from './list-users';

export const deleteUser = (id: number) =>
  http(`/v2/api/users/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_LIST_KEY }),
  });
};
