import type { TMailboxAuthorization } from '@claimdesk/contracts';

/** An OAuth mailbox's sealed secret: its provider's token set. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** When the access token runs out, in epoch milliseconds. */
  expiresAt?: number;
}

/** An access token this close to running out is refreshed before a sign-in. */
export const REFRESH_MARGIN_MS = 60_000;

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

/**
 * How an OAuth mailbox's sign-in stands, from its tokens (null: none stored) and its state. Every
 * sign-in from a minute before the access token runs out renews it first, and a renewal that
 * works replaces the tokens: so a failure recorded from then on, with the old tokens still there,
 * is a renewal the provider refused or did not answer.
 */
export function authorizationOf(
  mailbox: { state: string; lastErrorAt: Date | null },
  tokens: OAuthTokens | null,
  now = Date.now(),
): TMailboxAuthorization {
  if (!tokens) return { state: 'removed', accessTokenExpiresAt: null, hasRefreshToken: false };
  const hasRefreshToken = Boolean(tokens.refreshToken);
  const { expiresAt } = tokens;
  const view = {
    accessTokenExpiresAt: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
    hasRefreshToken,
  };
  if (expiresAt === undefined) return { state: 'active', ...view };
  const failedSinceRenewalDue =
    mailbox.state === 'failing' &&
    mailbox.lastErrorAt !== null &&
    mailbox.lastErrorAt.getTime() >= expiresAt - REFRESH_MARGIN_MS;
  if (!hasRefreshToken && expiresAt <= now) return { state: 'expired', ...view };
  if (hasRefreshToken && failedSinceRenewalDue) return { state: 'renewal-failing', ...view };
  return { state: 'active', ...view };
}
