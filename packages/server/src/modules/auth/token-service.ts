import { createSecretKey } from 'node:crypto';
import { ZAccessTokenClaims, type TAccessTokenClaims } from '@claimdesk/contracts';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

/** `sid` names the sign-in session (auth_sessions.public_id); `sv` is the account's session version. */
export type VerifiedClaims = TAccessTokenClaims & { iat: number; sv?: number; sid?: string };

export interface TokenService {
  /**
   * `sessionVersion` is the account's tokens-valid-after instant (ms) at issue, carried as `sv`:
   * the session guard compares it exactly, so a change in the same second as a sign-in still
   * voids the earlier token, and no clock comparison between database and server is needed.
   */
  issue: (
    claims: Omit<TAccessTokenClaims, 'exp'>,
    sessionVersion: number,
    sessionId: string,
  ) => Promise<string>;
  /** The verified claims with `iat` (and `sv`), or null for a token that is bad, expired or not ours. */
  verify: (token: string) => Promise<VerifiedClaims | null>;
}

/** Verified tokens kept so that a busy client does not pay for the signature check on every call. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // One key object for the process: jose would otherwise import the raw bytes on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_CACHE_SIZE });

  const check = async (token: string): Promise<VerifiedClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const claims = ZAccessTokenClaims.safeParse(payload);
      if (!claims.success || typeof payload.iat !== 'number') return null;
      const sv = typeof payload.sv === 'number' ? { sv: payload.sv } : {};
      const sid = typeof payload.sid === 'string' ? { sid: payload.sid } : {};
      return { ...claims.data, iat: payload.iat, ...sv, ...sid };
    } catch {
      return null;
    }
  };

  return {
    issue: (claims, sessionVersion, sessionId) =>
      new SignJWT({ ...claims, sv: sessionVersion, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      const cached = verified.get(token);
      if (cached) return cached;
      const claims = await check(token);
      // Kept until the token expires, never longer.
      if (claims) verified.set(token, claims, { ttl: claims.exp * 1000 - Date.now() });
      return claims;
    },
  };
}
