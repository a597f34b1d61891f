import { ZAccessTokenClaims, type TAccessTokenClaims } from '@claimdesk/contracts';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenService {
  /**
   * `sessionVersion` is the account's tokens-valid-after instant (ms) at issue, carried as `sv`:
   * the session guard compares it exactly, so a change in the same second as a sign-in still
   * voids the earlier token, and no clock comparison between database and server is needed.
   */
  issue: (claims: Omit<TAccessTokenClaims, 'exp'>, sessionVersion: number) => Promise<string>;
  /** The verified claims with `iat` (and `sv`), or null for a token that is bad, expired or not ours. */
  verify: (token: string) => Promise<(TAccessTokenClaims & { iat: number; sv?: number }) | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (claims, sessionVersion) =>
      new SignJWT({ ...claims, sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = ZAccessTokenClaims.safeParse(payload);
        if (!claims.success || typeof payload.iat !== 'number') return null;
        const sv = typeof payload.sv === 'number' ? { sv: payload.sv } : {};
        return { ...claims.data, iat: payload.iat, ...sv };
      } catch {
        return null;
      }
    },
  };
}
