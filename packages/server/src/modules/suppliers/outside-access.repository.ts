// Who outside the store reads a case (GET /v2/api/claims/{id}/outside-access): the same rule as
// participantFilter (cases.repository.ts), read from the case's side. While the case is sent, the
// enabled contact persons of its enabled supplier (the store's own or its company's); and the
// one-time-code participants that are no supplier's contact person (those read through the
// supplier rule only).
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface OutsideAccessRow {
  supplierName: string | null;
  sentAt: string | null;
  contacts: { name: string; email: string }[];
  participants: { email: string; since: string }[];
}

/** The live case's outside readers; null when the store has no such case. */
export async function findOutsideAccess(db: TenantDb, caseId: number): Promise<OutsideAccessRow | null> {
  const result = await db.execute(
    (store) => sql`
    SELECT c.supplier_name AS "supplierName", ${iso('c.sent_to_supplier_at')} AS "sentAt",
      CASE WHEN c.sent_to_supplier_at IS NULL THEN '[]'::json ELSE coalesce((
        SELECT json_agg(json_build_object('name', p.full_name, 'email', p.email) ORDER BY p.full_name, p.email)
        FROM (
          SELECT k.full_name, k.email FROM contacts k
            JOIN suppliers ks ON ks.tenant_id = k.tenant_id AND ks.id = k.supplier_id
            WHERE ${store.owns('k')} AND ks.id = c.supplier_id AND NOT k.is_disabled AND NOT ks.is_disabled
          UNION
          SELECT k.full_name, k.email FROM company_supplier_contacts k
            JOIN company_suppliers ks ON ks.company_id = k.company_id AND ks.id = k.supplier_id
            JOIN stores st ON st.company_id = k.company_id AND ${store.owns('st')}
            WHERE ks.id = c.company_supplier_id AND NOT k.is_disabled AND NOT ks.is_disabled
        ) p), '[]'::json) END AS contacts,
      coalesce((
        SELECT json_agg(json_build_object('email', cp.email, 'since', ${iso('cp.created_at')}) ORDER BY cp.created_at, cp.email)
        FROM case_participants cp
        WHERE ${store.owns('cp')} AND cp.case_id = c.id
          AND NOT EXISTS (SELECT 1 FROM contacts k WHERE ${store.owns('k')} AND k.email = cp.email
            AND k.supplier_id IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM company_supplier_contacts k
            JOIN stores st ON st.company_id = k.company_id AND ${store.owns('st')}
            WHERE k.email = cp.email)), '[]'::json) AS participants
    FROM cases c
    WHERE ${store.owns('c')} AND c.id = ${caseId} AND c.deleted_at IS NULL`,
  );
  const [row] = (result as { rows: OutsideAccessRow[] }).rows;
  return row ?? null;
}

/** Removes one participant of a live case; answers whether there was one. */
export async function deleteParticipant(db: TenantDb, caseId: number, email: string): Promise<boolean> {
  const result = await db.execute(
    (store) => sql`
    DELETE FROM case_participants cp USING cases c
    WHERE ${store.owns('cp')} AND cp.case_id = ${caseId} AND lower(cp.email) = ${email}
      AND c.tenant_id = cp.tenant_id AND c.id = cp.case_id AND c.deleted_at IS NULL
    RETURNING cp.email`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}
