import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';

/**
 * Clears the sent_to_supplier_at of a live case that the caller has locked and that was sent;
 * answers whether it changed anything and the supplier name the case shows (for the timeline).
 */
export async function clearSentToSupplier(
  tx: TenantDb,
  caseId: number,
): Promise<{ supplierName: string | null } | null> {
  const result = await tx.execute(
    (store) => sql`
    UPDATE cases SET sent_to_supplier_at = NULL, updated_at = now(), version = version + 1
    WHERE ${store.owns()} AND id = ${caseId} AND deleted_at IS NULL
      AND sent_to_supplier_at IS NOT NULL
    RETURNING supplier_name AS "supplierName"`,
  );
  return (result as { rows: { supplierName: string | null }[] }).rows[0] ?? null;
}
