// The operator's statements on companies and stores themselves (npm run admin): they make and
// list the tenants, so they come before any store to bind to.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, stores, users } from '../../db/schema';

export interface StoreListing {
  tenantId: string;
  displayName: string;
  company: string;
  language: string;
  users: number;
}

/** Every store with its company and how many staff users it has. */
export async function listAllStores(db: Db): Promise<StoreListing[]> {
  return db
    .select({
      tenantId: stores.tenantId,
      displayName: stores.displayName,
      company: companies.name,
      language: stores.language,
      users: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.tenant_id = ${stores.tenantId})`,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .orderBy(stores.tenantId);
}

/** Whether a store with this id exists. */
export async function storeExists(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ tenantId: stores.tenantId })
    .from(stores)
    .where(eq(stores.tenantId, tenantId));
  return row !== undefined;
}

/** Makes the store in the company of this name (made too when there is none), in one transaction. */
export async function insertStoreInCompany(
  db: Db,
  store: { tenantId: string; displayName: string; language: string; company: string },
): Promise<{ companyId: number; isNewCompany: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, store.company));
    const company =
      found ??
      (await tx.insert(companies).values({ name: store.company }).returning({ id: companies.id }))[0];
    if (!company) throw new Error('the company was not made');
    await tx.insert(stores).values({
      tenantId: store.tenantId,
      companyId: company.id,
      displayName: store.displayName,
      language: store.language,
      supplierSource: 'internal',
    });
    return { companyId: company.id, isNewCompany: found === undefined };
  });
}
