import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { cases, exchangeRates } from '../db/schema';
import type { TenantDb } from '../db/tenant-db';

export async function insertDemoRates(
  db: TenantDb,
  rows: { currency: string; rateDate: string; rate: string; updatedBy: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insert(exchangeRates).values(rows.map((r) => ({ ...r, tenantId: db.tenantId })));
}

/** The store's first `count` live claims that name a supplier, by number. */
export function listClaimsWithSuppliers(db: TenantDb, count: number) {
  return db
    .select({ id: cases.id, createdAt: cases.createdAt })
    .from(cases)
    .where(and(eq(cases.workFlow, 'claim'), isNotNull(cases.supplierId), isNull(cases.deletedAt)))
    .orderBy(asc(cases.caseNumber))
    .limit(count);
}
