import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateUserResponse, type TUpdateUserRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { USERS_LIST_KEY } from './list-users';

export const updateUser = ({ id, body }: { id: number; body: TUpdateUserRequest }) =>
  http(`/v2/api/users/${id}`, { method: 'PUT', body }, ZUpdateUserResponse);

export const useUpdateUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { silent: true },
    onSuccess: (user) => {
      void client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      void client.invalidateQueries({ queryKey: ['users', 'by-user-name', user.username] });
    },
  });
};
