import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopConnections } from '../../db/schema';

/**
 * The store a shop is connected to, across all stores: a shop's webhook names only the shop
 * (the one look-up that crosses stores here; (kind, shop) is unique).
 */
export async function shopOwner(
  db: Db,
  kind: 'shopify' | 'woocommerce',
  shop: string,
): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: shopConnections.tenantId })
    .from(shopConnections)
    .where(and(eq(shopConnections.kind, kind), eq(shopConnections.shop, shop)));
  return row?.tenantId ?? null;
}
