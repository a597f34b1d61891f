import { isLanguage, type TLanguage, type TStoreSettingResponse } from '@claimdesk/contracts';
import type { Db } from '../../db/client';
import { forTenant } from '../../db/tenant-db';
import { ReloadingCache } from '../../lib/reloading-cache';
import { findStoreSetting } from './stores.repository';

/**
 * The stores' own settings (name, company, language, supplier source), read on nearly every
 * screen. Kept for a short while per store so that the common call costs no query; a change
 * made in this process drops the entry at once, other processes see it within `freshMs` (one
 * request may still get the earlier settings, within `maxStaleMs`).
 */
export class StoreDirectory {
  private readonly cache: ReloadingCache<string, TStoreSettingResponse>;

  constructor(
    private readonly db: Db,
    { freshMs = 10_000, maxStaleMs = 60_000 } = {},
  ) {
    this.cache = new ReloadingCache({ max: 10_000, freshMs, maxStaleMs, load: (id) => this.load(id) });
  }

  /** The store's settings, or null when there is no such store. */
  async get(tenantId: string): Promise<TStoreSettingResponse | null> {
    return (await this.cache.get(tenantId, undefined)) ?? null;
  }

  /** The store's language, for what the system writes to its people (English when unknown). */
  async language(tenantId: string): Promise<TLanguage> {
    const language = (await this.get(tenantId))?.language;
    return isLanguage(language) ? language : 'en';
  }

  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }

  /** Each entry is one store's own row: its reads are bound to that store. */
  private load(tenantId: string): Promise<TStoreSettingResponse | undefined> {
    return findStoreSetting(forTenant(this.db, tenantId));
  }
}
