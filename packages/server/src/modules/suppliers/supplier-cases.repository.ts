// The calling store's cases that name a supplier, with when each went to the supplier and when
// the supplier first answered (the same reading of the mails as supplier-figures.repository.ts):
// the overdue ones first, then those sent, newest first within each.
import { SUPPLIER_CASES_LIMIT, type TSupplierCase } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import type { SupplierOwner } from './supplier-owner';

export async function listSupplierCases(
  db: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
): Promise<TSupplierCase[]> {
  const column = sql.raw(owner.source === 'internal' ? 'supplier_id' : 'company_supplier_id');
  const supplier = sql.raw(owner.source === 'internal' ? 'suppliers' : 'company_suppliers');
  const result = await db.execute(
    (store) => sql`
    WITH picked AS (
      SELECT c.id, c.case_number, c.work_flow, c.is_archived, c.status, c.customer_name,
        c.items_summary, c.created_at, c.closed_at,
        coalesce(c.sent_to_supplier_at,
          (SELECT min(coalesce(m.sent_at, m.created_at)) FROM mail_logs m
            WHERE m.tenant_id = c.tenant_id AND m.case_id = c.id AND m.direction = 'out'
              AND m.mail_log_type = 'supplier' AND m.send_state = 'sent' AND NOT m.is_deleted)) AS sent_at
      FROM cases c
      WHERE ${store.owns('c')} AND c.${column} = ${supplierId} AND c.deleted_at IS NULL
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT ${SUPPLIER_CASES_LIMIT}
    ), answered AS (
      SELECT p.*,
        (SELECT min(coalesce(m.received_at, m.created_at)) FROM mail_logs m
          WHERE ${store.owns('m')} AND m.case_id = p.id AND m.direction = 'in'
            AND m.mail_log_type = 'supplier' AND NOT m.is_deleted
            AND coalesce(m.received_at, m.created_at) >= p.sent_at) AS answered_at
      FROM picked p
    )
    SELECT a.id, a.case_number AS "caseNumber", a.work_flow AS "workFlow", a.is_archived AS "isArchived",
      a.status, a.customer_name AS "customerName", a.items_summary AS "itemsSummary",
      to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(a.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "sentAt",
      to_char(a.answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "answeredAt",
      (NOT a.is_archived AND a.closed_at IS NULL AND a.sent_at IS NOT NULL AND a.answered_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM supplier_answers sa WHERE ${store.owns('sa')} AND sa.case_id = a.id)
        AND s.answer_days IS NOT NULL AND a.sent_at + make_interval(days => s.answer_days) < now())
        AS "isOverdue"
    FROM answered a, ${supplier} s
    WHERE s.id = ${supplierId} ${owner.source === 'internal' ? sql`AND ${store.owns('s')}` : sql`AND s.company_id = ${owner.companyId}`}
    ORDER BY "isOverdue" DESC, a.sent_at IS NULL, a.created_at DESC, a.id DESC`,
  );
  return (result as { rows: TSupplierCase[] }).rows;
}
