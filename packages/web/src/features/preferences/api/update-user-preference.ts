import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateUserPreferenceResponse, type TUpdateUserPreferenceRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { USER_PREFERENCE_KEY } from './get-user-preference';

/** PUT /v2/api/users/user-preference: merges the given keys; answers the whole object. */
export const updateUserPreference = (body: TUpdateUserPreferenceRequest) =>
  http('/v2/api/users/user-preference', { method: 'PUT', body }, ZUpdateUserPreferenceResponse);

export const useUpdateUserPreference = ({
  mutationConfig,
}: TMutationHookOptions<typeof updateUserPreference> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      client.setQueryData(USER_PREFERENCE_KEY, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: updateUserPreference,
  });
};
