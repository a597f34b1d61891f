import { eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/**
 * The words of any user text (letters and digits only, so no tsquery syntax survives);
 * null when nothing searchable is left.
 */
export function searchWords(input: string): string | null {
  const words = input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * The WHERE condition of a search: the case's vector has every word as a prefix
 * (case_search_query, migration 0003: `ola.nordmann@example.no`, `ORD-2024-17` and
 * `+47 912 34 567` split into words the same way as the vector).
 *
 * The query is computed in a subquery, once per run, so the planner costs every search alike
 * instead of per word. That lets PostgreSQL keep one plan for a prepared search (readRows)
 * rather than plan it again on every call, which took a third off the database's time for one.
 */
export const matchesSearch = (tenantId: string | Placeholder, words: string | Placeholder): SQL =>
  sql`${cases.search} @@ (SELECT case_search_query(${tenantId}, ${words}))`;

/** @deprecated during the move to TenantDb (issue 20): take a TenantDb instead. */
export type { Tx } from '../../db/tenant-db';
