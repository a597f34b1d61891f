import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TOAuthProvider } from '@claimdesk/contracts';

const LIFETIME_MS = 15 * 60_000;

interface StateClaims {
  tenantId: string;
  provider: TOAuthProvider;
  expiresAt: number;
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', `oauth-state:${key}`).update(payload).digest('base64url');

/** A state naming the store and provider, signed so the return can be checked; valid 15 minutes. */
export function createState(
  key: string,
  tenantId: string,
  provider: TOAuthProvider,
  now = Date.now(),
): string {
  const payload = Buffer.from(
    JSON.stringify({
      t: tenantId,
      p: provider,
      e: now + LIFETIME_MS,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The state's claims when its signature holds and it has not run out; null otherwise. */
export function readState(key: string, state: string, now = Date.now()): StateClaims | null {
  const [payload, signature] = state.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      t: string;
      p: TOAuthProvider;
      e: number;
    };
    if (claims.e < now) return null;
    return { tenantId: claims.t, provider: claims.p, expiresAt: claims.e };
  } catch {
    return null;
  }
}
