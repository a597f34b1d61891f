import { useMutation } from '@tanstack/react-query';
import { ZOAuthAuthorizeUrlResponse, type TOAuthProvider } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/**
 * GET /v2/api/external-auth/{provider}/authorize-url: where to send the administrator to sign in
 * to the mailbox; 409 (with the setting to fill in) when the provider is not configured. A
 * mutation: it is asked for on a click, and each answer carries a fresh state.
 */
export const getOAuthAuthorizeUrl = (provider: TOAuthProvider) =>
  http(`/v2/api/external-auth/${provider}/authorize-url`, {}, ZOAuthAuthorizeUrlResponse);

export const useOAuthAuthorizeUrl = ({
  mutationConfig,
}: TMutationHookOptions<typeof getOAuthAuthorizeUrl> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: getOAuthAuthorizeUrl });
