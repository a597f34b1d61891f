import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateUserResponse, type TCreateUserRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

export const createUser = (body: TCreateUserRequest) =>
  http('/v2/api/users', { method: 'POST', body }, ZCreateUserResponse);

export const useCreateUser = ({ mutationConfig }: TMutationHookOptions<typeof createUser> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: createUser,
  });
};
