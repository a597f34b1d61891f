import type { OAuthProviderSettings } from './oauth-providers';

/** A token endpoint's answer (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  /** Seconds; a few providers send it as a string. */
  expires_in?: number | string;
  id_token?: string;
}

/** The provider refused (or could not be reached); the message is the provider's own words. */
export class OAuthProviderError extends Error {}

const TIMEOUT_MS = 15_000;

/** Posts a form to the provider's token endpoint and answers its tokens, or throws its error. */
export async function requestTokens(
  settings: OAuthProviderSettings,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const body = new URLSearchParams({
    ...form,
    client_id: settings.clientId ?? '',
    ...(settings.clientSecret && { client_secret: settings.clientSecret }),
  });
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthProviderError(
      `The ${settings.provider} token endpoint could not be reached: ${text(error)}`,
    );
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || typeof answer?.access_token !== 'string') {
    const code = typeof answer?.error === 'string' ? answer.error : `HTTP ${String(response.status)}`;
    const description = typeof answer?.error_description === 'string' ? `: ${answer.error_description}` : '';
    throw new OAuthProviderError(`${settings.provider} refused the sign-in (${code}${description})`);
  }
  return answer as unknown as TokenAnswer;
}

/** The address of the signed-in account: the id token's email claim, else the userinfo endpoint. */
export async function accountAddress(
  settings: OAuthProviderSettings,
  tokens: TokenAnswer,
): Promise<string | null> {
  const fromIdToken = tokens.id_token ? emailClaim(tokens.id_token) : null;
  if (fromIdToken) return fromIdToken;
  try {
    const response = await fetch(settings.userinfoUrl, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const info = (await response.json()) as Record<string, unknown>;
    // Microsoft Graph's /me names it mail or userPrincipalName; OpenID's userinfo names it email.
    for (const key of ['email', 'mail', 'userPrincipalName']) {
      const value = info[key];
      if (typeof value === 'string' && value.includes('@')) return value;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The email claim of an id token. Its signature is not checked: the token came straight from
 * the provider's token endpoint over TLS (OpenID Connect Core 3.1.3.7 allows this).
 */
function emailClaim(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
  } catch {
    return null;
  }
}

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));
