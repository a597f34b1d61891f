import { eq, inArray, sql } from 'drizzle-orm';
import { cases } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/**
 * Rebuilds one case's search vector from its number, customer, order reference, supplier,
 * description and items (product names and SKUs); call it in the transaction that changed any
 * of them, or a mail of the case (its subject and text are searched too); several cases at once
 * with an array. Without a case id it rebuilds
 * every case of the store (the demo seed's bulk load).
 *
 * The vector comes from case_search_vector (migration 0003): words split at punctuation and
 * spaces, 'simple' configuration, each lexeme scoped to the store so that a search reads only
 * this store's part of the GIN index.
 */
export async function refreshCaseSearch(tx: TenantDb, caseId?: number | number[]): Promise<void> {
  // A phone also as its digits alone, and as its last 8 (the number without a country code).
  const phoneDigits = sql`regexp_replace(coalesce(${cases.customerPhone}, ''), '[^0-9]', '', 'g')`;
  const itemText = sql`(SELECT string_agg(i.product_name || ' ' || coalesce(i.sku, ''), ' ')
    FROM case_items i WHERE i.tenant_id = cases.tenant_id AND i.case_id = cases.id)`;
  // The subject and the start of each mail's text: enough to find a case by what was written,
  // bounded so a long thread cannot push the vector past PostgreSQL's 1 MB limit.
  const mailText = sql`(SELECT left(string_agg(m.subject || ' ' || left(coalesce(m.text, ''), 2000), ' '), 200000)
    FROM mail_logs m WHERE m.tenant_id = cases.tenant_id AND m.case_id = cases.id AND NOT m.is_deleted)`;
  const text = sql`concat_ws(' ', ${cases.caseNumber}::text, ${cases.customerName}, ${cases.customerEmail},
    ${cases.customerPhone}, ${phoneDigits}, right(${phoneDigits}, 8),
    ${cases.orderReference}, ${cases.supplierName}, ${cases.description}, ${itemText}, ${mailText})`;
  await tx
    .update(cases)
    .set({ search: sql`case_search_vector(${cases.tenantId}, ${text})` })
    .where(
      caseId === undefined
        ? undefined
        : Array.isArray(caseId)
          ? inArray(cases.id, caseId)
          : eq(cases.id, caseId),
    );
}
