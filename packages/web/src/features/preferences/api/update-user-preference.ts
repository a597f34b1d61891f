import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateUserPreferenceResponse, type TUpdateUserPreferenceRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { USER_PREFERENCE_KEY } from './get-user-preference';

/** PUT /v2/api/users/user-preference: merges the given keys; answers the whole object. */
export const updateUserPreference = (body: TUpdateUserPreferenceRequest) =>
  http('/v2/api/users/user-preference', { method: 'PUT', body }, ZUpdateUserPreferenceResponse);

export const useUpdateUserPreference = (options: { silent?: boolean } = {}) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserPreference,
    meta: { silent: options.silent ?? true },
    onSuccess: (preference) => client.setQueryData(USER_PREFERENCE_KEY, preference),
  });
};
