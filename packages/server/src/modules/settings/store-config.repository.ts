import { CONFIG_DOCUMENTS, type TConfigName } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyProperties, stores, storeProperties } from '../../db/schema';

/** A store's document, else its company's, else the built-in default. */
export async function resolveStoreConfig(db: Db, tenantId: string, name: TConfigName): Promise<unknown> {
  const [own] = await db
    .select({ value: storeProperties.value })
    .from(storeProperties)
    .where(and(eq(storeProperties.tenantId, tenantId), eq(storeProperties.name, name)));
  if (own) return own.value;
  const [company] = await db
    .select({ value: companyProperties.value })
    .from(companyProperties)
    .innerJoin(stores, eq(stores.companyId, companyProperties.companyId))
    .where(and(eq(stores.tenantId, tenantId), eq(companyProperties.name, name)));
  return company ? company.value : CONFIG_DOCUMENTS[name].defaultValue;
}

/** The company's document of the store, else the built-in default. */
export async function resolveCompanyConfig(db: Db, tenantId: string, name: TConfigName): Promise<unknown> {
  const [company] = await db
    .select({ value: companyProperties.value })
    .from(companyProperties)
    .innerJoin(stores, eq(stores.companyId, companyProperties.companyId))
    .where(and(eq(stores.tenantId, tenantId), eq(companyProperties.name, name)));
  return company ? company.value : CONFIG_DOCUMENTS[name].defaultValue;
}
