// What the cost PDFs read besides a case's costs: the case's own fields and items, and for a
// period the cases with their cost lines, credit notes and recovery rows, three statements in all
// whatever the number of cases. Every statement goes through the store's TenantDb.
import type { TCostPayer } from '@claimdesk/contracts';
import { and, asc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { caseCosts, caseCreditNotes, caseItems, caseRecovery, cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import type { SupplierOwner } from '../../suppliers/supplier-owner';
import type { RecoveryRow } from '../../costs/costs.repository';

/** The fields of a case its cost report prints. */
export async function findReportCase(db: TenantDb, id: number) {
  const [row] = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      customerName: cases.customerName,
      customerEmail: cases.customerEmail,
      customerPhone: cases.customerPhone,
      customerAddress: cases.customerAddress,
      orderReference: cases.orderReference,
      purchaseDate: cases.purchaseDate,
      createdAt: cases.createdAt,
    })
    .from(cases)
    .where(and(eq(cases.id, id), sql`${cases.deletedAt} IS NULL`));
  if (!row) return null;
  const items = await db
    .select({
      productName: caseItems.productName,
      sku: caseItems.sku,
      serialNumber: caseItems.serialNumber,
      quantity: caseItems.quantity,
    })
    .from(caseItems)
    .where(eq(caseItems.caseId, id))
    .orderBy(asc(caseItems.position));
  return { ...row, items };
}

export interface PeriodFilter {
  fromDate: string;
  toDate: string;
  /** IANA zone whose calendar days the period counts in. */
  timeZone: string;
  /** One supplier of the store's source, or every case. */
  supplier: { owner: SupplierOwner; id: number } | null;
}

export interface PeriodCase {
  id: number;
  caseNumber: number;
  /** The calendar day (YYYY-MM-DD) the case was created on, in the filter's zone. */
  createdDay: string;
  customerName: string;
  supplierId: number | null;
  supplierName: string | null;
}

/** What a case's recovery is reckoned from (costs/cost-amounts.ts: recoveryOf), per case. */
export interface PeriodData {
  cases: PeriodCase[];
  lines: { caseId: number; paidBy: TCostPayer; grossStoreMinor: number }[];
  notes: { caseId: number; amountStoreMinor: number }[];
  recoveries: RecoveryRow[];
}

/**
 * Live cases created in the period (from the start of `fromDate` to the end of `toDate` in the
 * zone: a range on created_at, so its index serves) that have a cost line, a credit note or a
 * recovery set, of the supplier when one is given.
 */
function periodCondition(filter: PeriodFilter): SQL | undefined {
  const { fromDate, toDate, timeZone, supplier } = filter;
  const supplierColumn = supplier?.owner.source === 'external' ? cases.companySupplierId : cases.supplierId;
  return and(
    sql`${cases.deletedAt} IS NULL`,
    sql`${cases.createdAt} >= (${fromDate}::date)::timestamp AT TIME ZONE ${timeZone}`,
    sql`${cases.createdAt} < (${toDate}::date + 1)::timestamp AT TIME ZONE ${timeZone}`,
    supplier ? eq(supplierColumn, supplier.id) : undefined,
  );
}

export async function findPeriodData(db: TenantDb, filter: PeriodFilter): Promise<PeriodData> {
  const own = (table: { tenantId: unknown; caseId: unknown }) =>
    sql`${table.tenantId} = ${cases.tenantId} AND ${table.caseId} = ${cases.id}`;
  const withCosts = or(
    sql`EXISTS (SELECT 1 FROM ${caseCosts} WHERE ${own(caseCosts)})`,
    sql`EXISTS (SELECT 1 FROM ${caseCreditNotes} WHERE ${own(caseCreditNotes)})`,
    sql`EXISTS (SELECT 1 FROM ${caseRecovery} WHERE ${own(caseRecovery)})`,
  );
  const found = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      createdDay: sql<string>`to_char(${cases.createdAt} AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD')`,
      customerName: cases.customerName,
      supplierId: sql<number | null>`coalesce(${cases.supplierId}, ${cases.companySupplierId})`,
      supplierName: cases.supplierName,
    })
    .from(cases)
    .where(and(periodCondition(filter), withCosts))
    .orderBy(asc(cases.caseNumber));
  if (found.length === 0) return { cases: [], lines: [], notes: [], recoveries: [] };
  // Joined to the period's cases rather than listed by id: one plan whatever their number.
  const where = periodCondition(filter);
  const [lines, notes, recoveries] = await Promise.all([
    // Only the columns the recovery is reckoned from: a statement reads 10,000 lines and more.
    db
      .select({
        caseId: caseCosts.caseId,
        paidBy: caseCosts.paidBy,
        grossStoreMinor: caseCosts.grossStoreMinor,
      })
      .from(caseCosts)
      .innerJoin(cases, eq(cases.id, caseCosts.caseId))
      .where(where),
    db
      .select({ caseId: caseCreditNotes.caseId, amountStoreMinor: caseCreditNotes.amountStoreMinor })
      .from(caseCreditNotes)
      .innerJoin(cases, eq(cases.id, caseCreditNotes.caseId))
      .where(where),
    db
      .select(getTableColumns(caseRecovery))
      .from(caseRecovery)
      .innerJoin(cases, eq(cases.id, caseRecovery.caseId))
      .where(where),
  ]);
  return { cases: found, lines, notes, recoveries };
}
