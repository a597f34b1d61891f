import type { TExchangeRate, TPutExchangeRateRequest } from '@claimdesk/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { exchangeRates } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { decimalText } from './cost-amounts';

type RateRow = typeof exchangeRates.$inferSelect;

const toRate = (r: RateRow): TExchangeRate => ({
  id: r.id,
  currency: r.currency,
  rateDate: r.rateDate,
  rate: decimalText(r.rate),
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

/** The store's rates, by currency, newest first. */
export async function listRates(db: TenantDb): Promise<TExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.currency), desc(exchangeRates.rateDate))
    .limit(5000);
  return rows.map(toRate);
}

/** Adds the rate, or replaces the one of the same currency and date. */
export async function putRate(
  db: TenantDb,
  input: TPutExchangeRateRequest,
  actor: string,
): Promise<TExchangeRate> {
  const rate = input.rate.toFixed(6);
  const [row] = await db
    .insert(exchangeRates)
    .values({
      tenantId: db.tenantId,
      currency: input.currency,
      rateDate: input.rateDate,
      rate,
      updatedBy: actor,
    })
    .onConflictDoUpdate({
      target: [exchangeRates.tenantId, exchangeRates.currency, exchangeRates.rateDate],
      set: { rate, updatedBy: actor, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return toRate(row);
}

export async function deleteRate(db: TenantDb, id: number): Promise<boolean> {
  const rows = await db
    .delete(exchangeRates)
    .where(eq(exchangeRates.id, id))
    .returning({ id: exchangeRates.id });
  return rows.length > 0;
}
