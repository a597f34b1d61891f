import type { Db } from '../../db/client';
import { forTenant } from '../../db/tenant-db';
import { ReloadingCache } from '../../lib/reloading-cache';
import { findContactIsDisabled, findTokensValidAfter } from './accounts.repository';
import type { VerifiedClaims } from './token-service';

interface Entry {
  /** Tokens issued before this (ms) are void; null when the account is gone or disabled. */
  validAfter: number | null;
}

interface Account {
  tenantId: string;
  username: string;
  grantType: 'password' | 'otp';
}

/**
 * Decides whether a verified token still stands: its account exists, is enabled, and has not
 * changed password or roles since the token was issued. Answers are cached briefly so the
 * check costs no query on most requests; changes in this process drop the entry at once, other
 * processes' changes count from the first request after `freshMs` (within `maxStaleMs` at most).
 */
export class SessionGuard {
  private readonly cache: ReloadingCache<string, Entry, Account>;

  constructor(
    private readonly db: Db,
    { freshMs = 5_000, maxStaleMs = 30_000 } = {},
  ) {
    this.cache = new ReloadingCache({
      max: 50_000,
      freshMs,
      maxStaleMs,
      load: async (_key, account) => ({ validAfter: await this.load(account) }),
    });
  }

  /**
   * Whether a verified token's session stands. Its `sv` claim is the session version; tokens
   * without it fall back to their issue time (`iat`).
   */
  async isValid(claims: Pick<VerifiedClaims, 'store_name' | 'user_name' | 'grant_type' | 'iat' | 'sv'>) {
    const {
      store_name: tenantId,
      user_name: username,
      grant_type: grantType,
      iat: issuedAtSeconds,
      sv: sessionVersion,
    } = claims;
    const entry = await this.cache.get(`${grantType}:${tenantId}:${username}`, {
      tenantId,
      username,
      grantType,
    });
    if (!entry || entry.validAfter === null) return false;
    if (sessionVersion !== undefined) return sessionVersion >= entry.validAfter;
    // Token times have second precision: compare in whole seconds.
    return issuedAtSeconds >= Math.floor(entry.validAfter / 1000);
  }

  forget(tenantId: string, username: string): void {
    this.cache.delete(`password:${tenantId}:${username}`);
    this.cache.delete(`otp:${tenantId}:${username}`);
  }

  /** The token names its store, so the account is looked up in that store alone. */
  private async load({ tenantId, username, grantType }: Account) {
    const db = forTenant(this.db, tenantId);
    if (grantType === 'otp') return (await findContactIsDisabled(db, username)) === false ? 0 : null;
    const validAfter = await findTokensValidAfter(db, username);
    return validAfter ? validAfter.getTime() : null;
  }
}
