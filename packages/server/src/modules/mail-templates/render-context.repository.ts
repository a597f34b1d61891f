import { and, asc, eq, isNull } from 'drizzle-orm';
import { caseItems, cases, stores, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

export async function findStoreNameAndLanguage(db: TenantDb) {
  const [row] = await db.select({ displayName: stores.displayName, language: stores.language }).from(stores);
  return row ?? null;
}

/** The case unless it is deleted. */
export async function findLiveCase(db: TenantDb, caseId: number) {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, caseId), isNull(cases.deletedAt)));
  return row ?? null;
}

export function listCaseItemLines(db: TenantDb, caseId: number) {
  return db
    .select({ productName: caseItems.productName, sku: caseItems.sku, quantity: caseItems.quantity })
    .from(caseItems)
    .where(eq(caseItems.caseId, caseId))
    .orderBy(asc(caseItems.position), asc(caseItems.id));
}

export async function findUserFullName(db: TenantDb, username: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
}
