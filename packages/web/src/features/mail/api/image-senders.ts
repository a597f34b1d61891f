import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZGetUserPreferenceResponse,
  ZUpdateUserPreferenceResponse,
  type TPreference,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/**
 * The senders whose remote images a user always wants shown, kept in the user's preferences
 * (GET/PUT /v2/api/users/user-preference) under one key. The query key is the preferences' own
 * (features/preferences), by its literal: features may not import each other.
 */
const USER_PREFERENCE_KEY = ['user-preference'] as const;
export const IMAGE_SENDERS_PREFERENCE = 'mail.imageSenders';

/** The allowed senders in a preference object: lower-case addresses; anything else is ignored. */
export const readImageSenders = (preference: TPreference | undefined): string[] => {
  const value = preference?.[IMAGE_SENDERS_PREFERENCE];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').map((item) => item.toLowerCase())
    : [];
};

const imageSendersQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: USER_PREFERENCE_KEY,
    queryFn: () =>
      http('/v2/api/users/user-preference', { ignoreLoadingBar: true }, ZGetUserPreferenceResponse),
    enabled,
    meta: { silent: true },
  });

export const useImageSenders = (enabled: boolean): string[] => {
  const { data } = useQuery(imageSendersQuery(enabled));
  return readImageSenders(data);
};

/**
 * Adds a sender to the list: a PUT of that one key (which the server merges), computed from the
 * preferences this client holds.
 */
const allowSenderImages = (client: QueryClient) => (address: string) => {
  const current = readImageSenders(client.getQueryData<TPreference>(USER_PREFERENCE_KEY));
  const next = [...new Set([...current, address.toLowerCase()])].slice(-500);
  return http(
    '/v2/api/users/user-preference',
    { method: 'PUT', body: { [IMAGE_SENDERS_PREFERENCE]: next } },
    ZUpdateUserPreferenceResponse,
  );
};

export const useAllowSenderImages = ({
  mutationConfig,
}: TMutationHookOptions<ReturnType<typeof allowSenderImages>> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      client.setQueryData(USER_PREFERENCE_KEY, args[0]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: allowSenderImages(client),
  });
};
