import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateUserResponse, type TCreateUserRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { USERS_LIST_KEY } from './list-users';

export const createUser = (body: TCreateUserRequest) =>
  http('/v2/api/users', { method: 'POST', body }, ZCreateUserResponse);

export const useCreateUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_LIST_KEY }),
  });
};
