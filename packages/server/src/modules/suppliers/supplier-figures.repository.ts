// A supplier's figures over the calling store's cases that name it: sent ("Send to supplier"
// set sent_to_supplier_at; older cases count their first supplier mail out), its first answer
// (the first supplier mail in after that), resolution (the case closed), and the open ones past
// the promised answer time with no answer yet (no supplier mail in, no portal answer), and the
// acceptance rate of the answered ones (supplier_answers, the latest per case).
import type { TSupplierFigures } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import type { SupplierOwner } from './supplier-owner';

interface FigureRow {
  supplier_id: number;
  cases_sent: number;
  acceptance_rate: number | string | null;
  median_answer: number | string | null;
  median_resolution: number | string | null;
  open_past_answer_time: number;
}

const days = (value: number | string | null): number | null =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** The figures of each of these suppliers that has a case sent; others have none to show. */
export async function supplierFigures(
  db: TenantDb,
  owner: SupplierOwner,
  supplierIds: number[],
): Promise<Map<number, TSupplierFigures>> {
  if (supplierIds.length === 0) return new Map();
  const column = sql.raw(owner.source === 'internal' ? 'supplier_id' : 'company_supplier_id');
  const ids = sql.join(
    supplierIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(
    (store) => sql`
    WITH sent AS (
      SELECT c.id AS case_id, c.${column} AS supplier_id, c.is_archived, c.closed_at,
        coalesce(c.sent_to_supplier_at,
          (SELECT min(coalesce(m.sent_at, m.created_at)) FROM mail_logs m
            WHERE m.tenant_id = c.tenant_id AND m.case_id = c.id AND m.direction = 'out'
              AND m.mail_log_type = 'supplier' AND m.send_state = 'sent' AND NOT m.is_deleted)) AS sent_at
      FROM cases c
      WHERE ${store.owns('c')} AND c.${column} IN (${ids}) AND c.deleted_at IS NULL
    ), answered AS (
      SELECT s.*,
        (SELECT min(coalesce(m.received_at, m.created_at)) FROM mail_logs m
          WHERE ${store.owns('m')} AND m.case_id = s.case_id AND m.direction = 'in'
            AND m.mail_log_type = 'supplier' AND NOT m.is_deleted
            AND coalesce(m.received_at, m.created_at) >= s.sent_at) AS answered_at,
        (SELECT sa.outcome FROM supplier_answers sa WHERE ${store.owns('sa')} AND sa.case_id = s.case_id
          ORDER BY sa.created_at DESC, sa.id DESC LIMIT 1) AS outcome
      FROM sent s WHERE s.sent_at IS NOT NULL
    )
    SELECT a.supplier_id, count(*)::int AS cases_sent,
      -- The acceptance rate: of the sent cases the supplier answered (its latest answer in the
      -- portal), the share accepted; a partly accepted claim counts as half. NULL without answers.
      avg(CASE a.outcome WHEN 'accepted' THEN 1.0 WHEN 'partly' THEN 0.5 WHEN 'declined' THEN 0.0 END)
        AS acceptance_rate,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.answered_at - a.sent_at) / 86400)
        AS median_answer,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.closed_at - a.sent_at) / 86400)
        FILTER (WHERE a.closed_at IS NOT NULL) AS median_resolution,
      count(*) FILTER (WHERE NOT a.is_archived AND a.closed_at IS NULL AND a.answered_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM supplier_answers sa
          WHERE ${store.owns('sa')} AND sa.case_id = a.case_id)
        AND sp.answer_days IS NOT NULL AND a.sent_at + make_interval(days => sp.answer_days) < now())::int
        AS open_past_answer_time
    FROM answered a
    JOIN ${sql.raw(owner.source === 'internal' ? 'suppliers' : 'company_suppliers')} sp
      ON sp.id = a.supplier_id ${owner.source === 'internal' ? sql`AND ${store.owns('sp')}` : sql``}
    GROUP BY a.supplier_id`,
  );
  const { rows } = result as { rows: FigureRow[] };
  return new Map(
    rows.map((row) => [
      row.supplier_id,
      {
        casesSent: row.cases_sent,
        acceptanceRate:
          row.acceptance_rate === null ? null : Math.round(Number(row.acceptance_rate) * 1000) / 1000,
        medianDaysToFirstAnswer: days(row.median_answer),
        medianDaysToResolution: days(row.median_resolution),
        openPastAnswerTime: row.open_past_answer_time,
      },
    ]),
  );
}
