// A supplier's answers to a case and its contact persons' views of it (supplier-claims.ts).
import type { TCaseSupplierAnswers, TSupplierAnswer } from '@claimdesk/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { caseViews, supplierAnswers } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { personNames } from '../users/person-names.repository';

export type NewAnswer = Omit<typeof supplierAnswers.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

const toAnswer = (
  row: typeof supplierAnswers.$inferSelect,
  names: ReadonlyMap<string, string>,
): TSupplierAnswer => ({
  id: row.id,
  outcome: row.outcome as TSupplierAnswer['outcome'],
  compensationMode: row.compensationMode,
  amountMinor: row.amountMinor,
  currency: row.currency,
  creditNoteNumber: row.creditNoteNumber,
  note: row.note,
  answeredBy: row.answeredBy,
  answeredByName: names.get(row.answeredBy) ?? row.answeredBy,
  createdAt: row.createdAt.toISOString(),
});

export async function insertAnswer(tx: TenantDb, values: NewAnswer): Promise<TSupplierAnswer> {
  const [row] = await tx
    .insert(supplierAnswers)
    .values({ ...values, tenantId: tx.tenantId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toAnswer(row, await personNames(tx, [row.answeredBy]));
}

/** The case's answers, newest first. */
export async function listAnswers(db: TenantDb, caseId: number): Promise<TSupplierAnswer[]> {
  const rows = await db
    .select()
    .from(supplierAnswers)
    .where(eq(supplierAnswers.caseId, caseId))
    .orderBy(desc(supplierAnswers.createdAt), desc(supplierAnswers.id));
  const names = await personNames(
    db,
    rows.map((r) => r.answeredBy),
  );
  return rows.map((r) => toAnswer(r, names));
}

export async function recordView(db: TenantDb, caseId: number, viewer: string): Promise<void> {
  await db.insert(caseViews).values({ tenantId: db.tenantId, caseId, viewer });
}

/** How often the case was viewed from outside the store, and the last view. */
export async function viewSummary(db: TenantDb, caseId: number): Promise<TCaseSupplierAnswers['views']> {
  const [total] = await db.select({ n: count() }).from(caseViews).where(eq(caseViews.caseId, caseId));
  const [last] = await db
    .select({ viewer: caseViews.viewer, viewedAt: caseViews.viewedAt })
    .from(caseViews)
    .where(and(eq(caseViews.caseId, caseId)))
    .orderBy(desc(caseViews.viewedAt), desc(caseViews.id))
    .limit(1);
  return {
    count: total?.n ?? 0,
    last: last ? { viewer: last.viewer, viewedAt: last.viewedAt.toISOString() } : null,
  };
}
