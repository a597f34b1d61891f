import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { contacts, users } from '../../db/schema';

interface Entry {
  /** Tokens issued before this (ms) are void; null when the account is gone or disabled. */
  validAfter: number | null;
}

/**
 * Decides whether a verified token still stands: its account exists, is enabled, and has not
 * changed password or roles since the token was issued. Answers are cached briefly so the
 * check costs no query on most requests; changes in this process drop the entry at once.
 */
export class SessionGuard {
  private readonly cache: LRUCache<string, Entry>;

  constructor(
    private readonly db: Db,
    ttlMs = 5_000,
  ) {
    this.cache = new LRUCache({ max: 50_000, ttl: ttlMs });
  }

  /** `sessionVersion` is the token's `sv` claim; tokens without it fall back to their issue time. */
  async isValid(
    tenantId: string,
    username: string,
    grantType: 'password' | 'otp',
    issuedAtSeconds: number,
    sessionVersion?: number,
  ) {
    const key = `${grantType}:${tenantId}:${username}`;
    let entry = this.cache.get(key);
    if (!entry) {
      entry = { validAfter: await this.load(tenantId, username, grantType) };
      this.cache.set(key, entry);
    }
    if (entry.validAfter === null) return false;
    if (sessionVersion !== undefined) return sessionVersion >= entry.validAfter;
    // Token times have second precision: compare in whole seconds.
    return issuedAtSeconds >= Math.floor(entry.validAfter / 1000);
  }

  forget(tenantId: string, username: string): void {
    this.cache.delete(`password:${tenantId}:${username}`);
    this.cache.delete(`otp:${tenantId}:${username}`);
  }

  private async load(tenantId: string, username: string, grantType: 'password' | 'otp') {
    if (grantType === 'otp') {
      const [contact] = await this.db
        .select({ isDisabled: contacts.isDisabled })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, username)));
      return contact && !contact.isDisabled ? 0 : null;
    }
    const [user] = await this.db
      .select({ validAfter: users.tokensValidAfter })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
    return user ? user.validAfter.getTime() : null;
  }
}
