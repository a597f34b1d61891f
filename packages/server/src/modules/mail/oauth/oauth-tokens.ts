/** An OAuth mailbox's sealed secret: its provider's token set. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** When the access token runs out, in epoch milliseconds. */
  expiresAt?: number;
}

export const parseTokens = (secret: string): OAuthTokens => JSON.parse(secret) as OAuthTokens;

export function tokensFromAnswer(
  answer: { access_token: string; refresh_token?: string; expires_in?: number | string },
  previousRefreshToken?: string,
  now = Date.now(),
): OAuthTokens {
  return {
    accessToken: answer.access_token,
    // A provider that does not rotate answers no refresh token: the old one stays valid.
    refreshToken: answer.refresh_token ?? previousRefreshToken,
    ...(answer.expires_in !== undefined && { expiresAt: now + Number(answer.expires_in) * 1000 }),
  };
}
