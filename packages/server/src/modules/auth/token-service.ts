import { ZAccessTokenClaims, type TAccessTokenClaims } from '@claimdesk/contracts';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenService {
  issue: (claims: Omit<TAccessTokenClaims, 'exp'>) => Promise<string>;
  /** The verified claims with `iat`, or null for a token that is bad, expired or not ours. */
  verify: (token: string) => Promise<(TAccessTokenClaims & { iat: number }) | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = ZAccessTokenClaims.safeParse(payload);
        if (!claims.success || typeof payload.iat !== 'number') return null;
        return { ...claims.data, iat: payload.iat };
      } catch {
        return null;
      }
    },
  };
}
