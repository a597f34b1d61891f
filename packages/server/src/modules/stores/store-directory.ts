import type { TStoreSettingResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { companies, stores } from '../../db/schema';

/**
 * The stores' own settings (name, company, language, supplier source), read on nearly every
 * screen. Kept for a short while per store so that the common call costs no query; a change
 * made in this process drops the entry at once, other processes see it within the TTL.
 */
export class StoreDirectory {
  private readonly cache: LRUCache<string, TStoreSettingResponse>;

  constructor(
    private readonly db: Db,
    ttlMs = 10_000,
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: ttlMs });
  }

  /** The store's settings, or null when there is no such store. */
  async get(tenantId: string): Promise<TStoreSettingResponse | null> {
    const cached = this.cache.get(tenantId);
    if (cached) return cached;
    const [row] = await this.db
      .select({
        storeName: stores.tenantId,
        displayName: stores.displayName,
        companyName: companies.name,
        language: stores.language,
        supplierSource: stores.supplierSource,
      })
      .from(stores)
      .innerJoin(companies, eq(companies.id, stores.companyId))
      .where(eq(stores.tenantId, tenantId));
    if (!row) return null;
    const setting = row as TStoreSettingResponse;
    this.cache.set(tenantId, setting);
    return setting;
  }

  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
