// The demo seed's own statements on the stores themselves: it runs once for the whole database
// (no store yet) and makes the stores, so these come before any store exists to bind to.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, stores } from '../db/schema';

/** How many stores there are in all: the seed runs only on a database without any. */
export async function countAllStores(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(stores);
  return row?.count ?? 0;
}

/** Makes a company with its stores: the tenants every later statement is bound to. */
export async function createCompanyWithStores(
  db: Db,
  name: string,
  own: Omit<typeof stores.$inferInsert, 'companyId'>[],
): Promise<void> {
  const [company] = await db.insert(companies).values({ name }).returning();
  if (!company) throw new Error('seed: company not created');
  await db.insert(stores).values(own.map((store) => ({ ...store, companyId: company.id })));
}
