import type { TAccessTokenClaims } from '@claimdesk/contracts';

const decodeSegment = (segment: string): unknown => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
};

const isClaims = (v: unknown): v is TAccessTokenClaims => {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.user_name === 'string' &&
    typeof c.store_name === 'string' &&
    typeof c.exp === 'number' &&
    Array.isArray(c.authorities) &&
    c.authorities.every((a) => typeof a === 'string') &&
    (c.grant_type === 'password' || c.grant_type === 'otp') &&
    typeof c.company === 'string'
  );
};

/**
 * Reads the claims of an access token (shape: contracts' ZAccessTokenClaims, checked by hand to
 * keep zod off the sign-in page). The server verifies the token; the browser only reads it.
 */
export const decodeAccessToken = (token: string): TAccessTokenClaims | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = decodeSegment(payload);
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
};
