// What a supplier's contact person reads in the portal: the cases participantFilter lets them
// read (the one rule, cases.repository.ts), without the customer's personal data.
import {
  PORTAL_CASES_LIMIT,
  type TPortalCase,
  type TPortalCaseItem,
  type TPortalCaseRow,
  type TPortalMe,
} from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { participantFilter } from '../cases/cases.repository';

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The contact person behind a one-time-code sign-in and the supplier it speaks for, if any. */
export async function findPortalContact(db: TenantDb, email: string): Promise<TPortalMe> {
  const result = await db.execute(
    (store) => sql`
    SELECT coalesce(ck.full_name, k.full_name) AS "fullName", coalesce(s.name, cs.name) AS "supplierName"
    FROM (SELECT ${email}::text AS email) AS me
    LEFT JOIN contacts k ON ${store.owns('k')} AND k.email = me.email
    LEFT JOIN suppliers s ON ${store.owns('s')} AND s.id = k.supplier_id
    LEFT JOIN stores st ON ${store.owns('st')}
    LEFT JOIN company_supplier_contacts ck ON ck.company_id = st.company_id AND ck.email = me.email
    LEFT JOIN company_suppliers cs ON cs.company_id = ck.company_id AND cs.id = ck.supplier_id
    LIMIT 1`,
  );
  const [row] = (result as { rows: { fullName: string | null; supplierName: string | null }[] }).rows;
  return { email, fullName: row?.fullName ?? null, supplierName: row?.supplierName ?? null };
}

/** The cases the contact may read, those sent to its supplier newest first, then the others. */
export async function listPortalCases(db: TenantDb, email: string): Promise<TPortalCaseRow[]> {
  const result = await db.execute(
    (store) => sql`
    SELECT cases.id, cases.case_number AS "caseNumber", cases.work_flow AS "workFlow", cases.status,
      cases.supplier_name AS "supplierName", cases.items_summary AS "itemsSummary",
      ${iso('cases.created_at')} AS "createdAt", ${iso('cases.sent_to_supplier_at')} AS "sentToSupplierAt",
      (SELECT a.outcome FROM supplier_answers a WHERE a.tenant_id = cases.tenant_id AND a.case_id = cases.id
        ORDER BY a.created_at DESC, a.id DESC LIMIT 1) AS "latestOutcome"
    FROM cases
    WHERE ${store.owns('cases')} AND cases.deleted_at IS NULL AND ${participantFilter(db, email)}
    ORDER BY cases.sent_to_supplier_at DESC NULLS LAST, cases.id DESC
    LIMIT ${PORTAL_CASES_LIMIT}`,
  );
  return (result as { rows: TPortalCaseRow[] }).rows;
}

/** A readable case as the portal shows it, less its modes, currency and answers; null when not theirs. */
export type PortalCaseCore = Omit<TPortalCase, 'compensationModes' | 'currency' | 'answers' | 'canAnswer'> & {
  /** Whether the reader is an enabled contact person of the case's own supplier. */
  isCaseSupplier: boolean;
  internalSupplierId: number | null;
  companySupplierId: number | null;
};

export async function readPortalCase(
  db: TenantDb,
  id: number,
  email: string,
  language: string,
): Promise<PortalCaseCore | null> {
  const result = await db.execute(
    (store) => sql`
    SELECT cases.id, cases.case_number AS "caseNumber", cases.work_flow AS "workFlow", cases.status,
      cases.supplier_name AS "supplierName", cases.order_reference AS "orderReference",
      cases.purchase_date::text AS "purchaseDate", cases.description,
      ${iso('cases.created_at')} AS "createdAt", ${iso('cases.sent_to_supplier_at')} AS "sentToSupplierAt",
      cases.supplier_id AS "internalSupplierId", cases.company_supplier_id AS "companySupplierId",
      (EXISTS (SELECT 1 FROM contacts k JOIN suppliers s ON s.tenant_id = k.tenant_id AND s.id = k.supplier_id
          WHERE k.tenant_id = cases.tenant_id AND k.email = ${email} AND s.id = cases.supplier_id
            AND NOT k.is_disabled AND NOT s.is_disabled)
        OR EXISTS (SELECT 1 FROM company_supplier_contacts k
          JOIN company_suppliers s ON s.company_id = k.company_id AND s.id = k.supplier_id
          JOIN stores st ON st.company_id = k.company_id AND st.tenant_id = cases.tenant_id
          WHERE k.email = ${email} AND s.id = cases.company_supplier_id
            AND NOT k.is_disabled AND NOT s.is_disabled)) AS "isCaseSupplier",
      coalesce((SELECT json_agg(json_build_object(
          'productName', i.product_name, 'sku', i.sku, 'serialNumber', i.serial_number,
          'quantity', i.quantity, 'faultDescription', i.fault_description,
          'itemTypeName', coalesce(t.names ->> ${language}::text, t.names ->> 'en'))
        ORDER BY i.position, i.id)
        FROM case_items i LEFT JOIN item_types t ON t.tenant_id = i.tenant_id AND t.id = i.item_type_id
        WHERE i.tenant_id = cases.tenant_id AND i.case_id = cases.id), '[]'::json) AS items
    FROM cases
    WHERE ${store.owns('cases')} AND cases.id = ${id} AND cases.deleted_at IS NULL
      AND ${participantFilter(db, email)}`,
  );
  const [row] = (result as { rows: (PortalCaseCore & { items: TPortalCaseItem[] })[] }).rows;
  return row ?? null;
}

/** The compensation modes the case's supplier accepts (empty: no supplier, or it names none). */
export async function supplierModesOf(
  db: TenantDb,
  found: Pick<PortalCaseCore, 'internalSupplierId' | 'companySupplierId'>,
): Promise<string[]> {
  if (found.internalSupplierId === null && found.companySupplierId === null) return [];
  const result = await db.execute((store) =>
    found.internalSupplierId !== null
      ? sql`SELECT compensation_modes AS modes FROM suppliers
          WHERE ${store.owns()} AND id = ${found.internalSupplierId}`
      : sql`SELECT s.compensation_modes AS modes FROM company_suppliers s
          JOIN stores st ON st.company_id = s.company_id AND ${store.owns('st')}
          WHERE s.id = ${found.companySupplierId}`,
  );
  const [row] = (result as { rows: { modes: string[] }[] }).rows;
  return row?.modes ?? [];
}
