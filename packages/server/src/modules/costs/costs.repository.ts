// Reads and writes of a case's costs, credit notes and recovery; every statement through the
// store's TenantDb, so it cannot leave the store.
import type { TCostLine, TCreditNote } from '@claimdesk/contracts';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { caseCosts, caseCreditNotes, caseRecovery, cases, exchangeRates } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { decimalText } from './cost-amounts';

export type CostRow = typeof caseCosts.$inferSelect;
export type NewCost = Omit<typeof caseCosts.$inferInsert, 'tenantId' | 'id' | 'caseId'>;
export type CreditNoteRow = typeof caseCreditNotes.$inferSelect;
export type RecoveryRow = typeof caseRecovery.$inferSelect;

/** What the costs of a case need of the case itself. */
export interface CostCase {
  id: number;
  isArchived: boolean;
  supplierId: number | null;
  supplierName: string | null;
}

/** A live case, locked for the transaction when `lock` (writes to its costs serialise on it). */
export async function findCostCase(db: TenantDb, id: number, lock = false): Promise<CostCase | null> {
  const query = db
    .select({
      id: cases.id,
      isArchived: cases.isArchived,
      supplierId: sql<number | null>`coalesce(${cases.supplierId}, ${cases.companySupplierId})`,
      supplierName: cases.supplierName,
    })
    .from(cases)
    .where(and(eq(cases.id, id), sql`${cases.deletedAt} IS NULL`));
  const [row] = lock ? await query.for('update', { of: cases }) : await query;
  return row ?? null;
}

/** The rate of `currency` in force on `date`: the latest one dated on or before it, as text. */
export async function rateOn(db: TenantDb, currency: string, date: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.rateDate, date)))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row?.rate ?? null;
}

export function listCostRows(db: TenantDb, caseId: number): Promise<CostRow[]> {
  return db
    .select()
    .from(caseCosts)
    .where(eq(caseCosts.caseId, caseId))
    .orderBy(asc(caseCosts.costDate), asc(caseCosts.id));
}

export function listCreditNoteRows(db: TenantDb, caseId: number): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(caseCreditNotes)
    .where(eq(caseCreditNotes.caseId, caseId))
    .orderBy(asc(caseCreditNotes.noteDate), asc(caseCreditNotes.id));
}

export async function findRecovery(db: TenantDb, caseId: number): Promise<RecoveryRow | null> {
  const [row] = await db.select().from(caseRecovery).where(eq(caseRecovery.caseId, caseId));
  return row ?? null;
}

/** Cost lines and credit notes of the case together (the per-case limit counts both). */
export async function entryCount(db: TenantDb, caseId: number): Promise<number> {
  const [costs, notes] = await Promise.all([
    db.$count(caseCosts, eq(caseCosts.caseId, caseId)),
    db.$count(caseCreditNotes, eq(caseCreditNotes.caseId, caseId)),
  ]);
  return costs + notes;
}

export async function findCostRow(db: TenantDb, caseId: number, id: number): Promise<CostRow | null> {
  const [row] = await db
    .select()
    .from(caseCosts)
    .where(and(eq(caseCosts.caseId, caseId), eq(caseCosts.id, id)));
  return row ?? null;
}

export async function insertCost(tx: TenantDb, caseId: number, values: NewCost): Promise<CostRow> {
  const [row] = await tx
    .insert(caseCosts)
    .values({ ...values, tenantId: tx.tenantId, caseId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCost(
  tx: TenantDb,
  caseId: number,
  id: number,
  values: Partial<NewCost>,
): Promise<void> {
  await tx
    .update(caseCosts)
    .set({ ...values, version: sql`${caseCosts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(caseCosts.caseId, caseId), eq(caseCosts.id, id)));
}

export async function deleteCost(tx: TenantDb, caseId: number, id: number): Promise<CostRow | null> {
  const [row] = await tx
    .delete(caseCosts)
    .where(and(eq(caseCosts.caseId, caseId), eq(caseCosts.id, id)))
    .returning();
  return row ?? null;
}

export async function insertCreditNote(
  tx: TenantDb,
  caseId: number,
  values: Omit<typeof caseCreditNotes.$inferInsert, 'tenantId' | 'id' | 'caseId'>,
): Promise<CreditNoteRow | null> {
  const [row] = await tx
    .insert(caseCreditNotes)
    .values({ ...values, tenantId: tx.tenantId, caseId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteCreditNote(
  tx: TenantDb,
  caseId: number,
  id: number,
): Promise<CreditNoteRow | null> {
  const [row] = await tx
    .delete(caseCreditNotes)
    .where(and(eq(caseCreditNotes.caseId, caseId), eq(caseCreditNotes.id, id)))
    .returning();
  return row ?? null;
}

export async function saveRecovery(
  tx: TenantDb,
  caseId: number,
  values: {
    expectedCreditMinor: number | null;
    isWrittenOff: boolean;
    writeOffReason: string | null;
    updatedBy: string;
  },
): Promise<void> {
  const writtenOffAt = values.isWrittenOff ? sql`coalesce(${caseRecovery.writtenOffAt}, now())` : null;
  await tx
    .insert(caseRecovery)
    .values({
      ...values,
      tenantId: tx.tenantId,
      caseId,
      writtenOffAt: values.isWrittenOff ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: [caseRecovery.tenantId, caseRecovery.caseId],
      set: { ...values, writtenOffAt, version: sql`${caseRecovery.version} + 1`, updatedAt: sql`now()` },
    });
}

export const toCostLine = (r: CostRow, names: ReadonlyMap<string, string>): TCostLine => ({
  id: r.id,
  costType: r.costType,
  currency: r.currency,
  exchangeRate: decimalText(r.exchangeRate),
  vatRate: Number(r.vatRate),
  netMinor: r.netMinor,
  vatMinor: r.vatMinor,
  grossMinor: r.grossMinor,
  netStoreMinor: r.netStoreMinor,
  grossStoreMinor: r.grossStoreMinor,
  costDate: r.costDate,
  note: r.note,
  paidBy: r.paidBy,
  createdBy: r.createdBy,
  createdByName: names.get(r.createdBy) ?? r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

export const toCreditNote = (r: CreditNoteRow): TCreditNote => ({
  id: r.id,
  number: r.number,
  noteDate: r.noteDate,
  currency: r.currency,
  exchangeRate: decimalText(r.exchangeRate),
  amountMinor: r.amountMinor,
  amountStoreMinor: r.amountStoreMinor,
  note: r.note,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});
