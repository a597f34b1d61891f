import type { TShopKind } from '@claimdesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { shopConnections } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

export type ShopConnectionRow = typeof shopConnections.$inferSelect;

/** A shop connected to the store its TenantDb is bound to, its credentials already sealed. */
export async function insertShopConnection(
  db: TenantDb,
  input: { kind: TShopKind; shop: string; secretEncrypted: string },
): Promise<ShopConnectionRow | null> {
  const [row] = await db
    .insert(shopConnections)
    .values({ tenantId: db.tenantId, ...input })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export function listShopConnections(db: TenantDb): Promise<ShopConnectionRow[]> {
  return db.select().from(shopConnections).orderBy(asc(shopConnections.id));
}

export async function deleteShopConnection(db: TenantDb, id: number): Promise<ShopConnectionRow | null> {
  const [row] = await db.delete(shopConnections).where(eq(shopConnections.id, id)).returning();
  return row ?? null;
}

/** Notes a call's outcome: a refusal marks the connection failing, a success clears it. */
export async function noteShopOutcome(db: TenantDb, id: number, error: string | null): Promise<void> {
  await db
    .update(shopConnections)
    .set(
      error === null
        ? { state: 'ok', lastError: null, lastErrorAt: null }
        : { state: 'failing', lastError: error.slice(0, 500), lastErrorAt: new Date() },
    )
    .where(eq(shopConnections.id, id));
}

/** A connection's new credentials (a shop installed again), its failing state cleared. */
export async function updateShopSecret(
  db: TenantDb,
  id: number,
  secretEncrypted: string,
): Promise<ShopConnectionRow | null> {
  const [row] = await db
    .update(shopConnections)
    .set({ secretEncrypted, state: 'ok', lastError: null, lastErrorAt: null })
    .where(eq(shopConnections.id, id))
    .returning();
  return row ?? null;
}
