import { and, asc, gte, lte, or, sql } from 'drizzle-orm';
import { caseCosts, cases } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** Where a batch of cost lines starts: after this line in (cost date, id) order. */
export interface CostKey {
  date: string;
  id: number;
}

/**
 * Up to `limit` cost lines of the store's cases (deleted cases left out) dated from `from` to
 * `to` (both included), after `after`, with their case's number and supplier: one keyset batch of the costs
 * export (case_costs_case_idx keeps each case's lines; the period filter reads the store's lines).
 */
export function costLineBatch(
  db: TenantDb,
  period: { from: string; to: string },
  after: CostKey | null,
  limit: number,
) {
  const { from, to } = period;
  return db
    .select({
      id: caseCosts.id,
      caseNumber: cases.caseNumber,
      supplierName: cases.supplierName,
      costDate: caseCosts.costDate,
      costType: caseCosts.costType,
      note: caseCosts.note,
      currency: caseCosts.currency,
      netMinor: caseCosts.netMinor,
      vatRate: caseCosts.vatRate,
      vatMinor: caseCosts.vatMinor,
      grossMinor: caseCosts.grossMinor,
      exchangeRate: caseCosts.exchangeRate,
      netStoreMinor: caseCosts.netStoreMinor,
      grossStoreMinor: caseCosts.grossStoreMinor,
      storeCurrency: caseCosts.storeCurrency,
      paidBy: caseCosts.paidBy,
      createdBy: caseCosts.createdBy,
      createdAt: caseCosts.createdAt,
    })
    .from(caseCosts)
    .innerJoin(cases, sql`${cases.id} = ${caseCosts.caseId}`)
    .where(
      and(
        gte(caseCosts.costDate, from),
        lte(caseCosts.costDate, to),
        sql`${cases.deletedAt} IS NULL`,
        after
          ? or(
              sql`${caseCosts.costDate} > ${after.date}`,
              and(sql`${caseCosts.costDate} = ${after.date}`, sql`${caseCosts.id} > ${after.id}`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(caseCosts.costDate), asc(caseCosts.id))
    .limit(limit);
}
