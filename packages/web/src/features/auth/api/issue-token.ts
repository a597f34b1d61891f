import { useMutation } from '@tanstack/react-query';
import type { TTokenRequest, TTokenResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

const CLIENT_ID = import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'claimdesk-web';
const CLIENT_SECRET = import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'claimdesk-web';

export interface TIssueTokenInput {
  request: TTokenRequest;
  /** Unknown after an `otp` answer: the header is then left out. */
  tenantId: string | null;
}

/** POST /v2/oauth/token, form-encoded, with the web client's basic authorization. */
export const issueToken = ({ request, tenantId }: TIssueTokenInput): Promise<TTokenResponse> =>
  http<TTokenResponse>('/v2/oauth/token', {
    method: 'POST',
    body: new URLSearchParams(request),
    headers: { Authorization: `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}` },
    tenantId,
  });

export const useIssueToken = ({ mutationConfig }: TMutationHookOptions<typeof issueToken> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: issueToken });
