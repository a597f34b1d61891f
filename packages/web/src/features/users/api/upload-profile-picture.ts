import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUser } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USERS_LIST_KEY } from './list-users';

/** POST /v2/api/users/profile-picture (own) or /profile-picture/{id} (an administrator's), field `file`. */
export const uploadProfilePicture = ({ id, file }: { id: number | null; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  return http(
    `/v2/api/users/profile-picture${id === null ? '' : `/${id}`}`,
    { method: 'POST', body: form },
    ZUser,
  );
};

export const useUploadProfilePicture = ({
  mutationConfig,
}: TMutationHookOptions<typeof uploadProfilePicture> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      const [user] = args;
      void client.invalidateQueries({ queryKey: USERS_LIST_KEY });
      client.setQueryData(['users', 'by-user-name', user.username], user);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: uploadProfilePicture,
  });
};
