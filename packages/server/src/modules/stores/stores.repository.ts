import type { TStoreSettingResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { companies, stores } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** The store's own settings with its company's name, or undefined when there is no such store. */
export async function findStoreSetting(db: TenantDb): Promise<TStoreSettingResponse | undefined> {
  const [row] = await db
    .select({
      storeName: stores.tenantId,
      displayName: stores.displayName,
      companyName: companies.name,
      language: stores.language,
      supplierSource: stores.supplierSource,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId));
  return row as TStoreSettingResponse | undefined;
}
