import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { caseTimeline, cases, exchangeRates } from '../db/schema';
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

/** A costs entry of a demo claim's timeline, dated when the cost or credit note came in. */
export async function insertDemoCostTimeline(
  db: TenantDb,
  caseId: number,
  actor: string,
  on: string,
  changes: { field: string; from: unknown; to: unknown }[],
): Promise<void> {
  await db.insert(caseTimeline).values({
    tenantId: db.tenantId,
    caseId,
    kind: 'costs',
    actor,
    at: new Date(`${on}T10:00:00Z`),
    changes,
  });
}
