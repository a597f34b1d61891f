import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetUserPreferenceResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const USER_PREFERENCE_KEY = ['user-preference'] as const;

export const getUserPreference = () => http('/v2/api/users/user-preference', {}, ZGetUserPreferenceResponse);

export const userPreferenceQuery = (enabled: boolean) =>
  queryOptions({ queryKey: USER_PREFERENCE_KEY, queryFn: getUserPreference, enabled });

export const useUserPreference = (enabled: boolean) => useQuery(userPreferenceQuery(enabled));
