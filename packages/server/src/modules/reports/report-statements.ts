// The reports' statements, as SQL builders that take the store filter (tenant-db.ts): the
// repository runs them through the store's TenantDb (db.execute), and the benchmark
// (bench/reports-api.ts) renders the very same text to send straight to PostgreSQL.
// Every table is filtered by the store; days, weeks and months are the reader's (r.timeZone), so
// a mail at 00:30 in Oslo counts on its own day.
import { sql, type SQL } from 'drizzle-orm';
import type { StoreFilter } from '../../db/tenant-db';
import type { ReportRange } from './report-period';

const interval = (r: ReportRange) => sql.raw(`'${r.interval}'`);
const step = (r: ReportRange) => sql.raw(`interval '1 ${r.interval}'`);
/** The first instant of the period, and the first after it: 00:00 in the reader's zone. */
const periodStart = (r: ReportRange) => sql`(${r.from}::timestamp AT TIME ZONE ${r.timeZone})`;
const periodEnd = (r: ReportRange) => sql`(${r.endDay}::timestamp AT TIME ZONE ${r.timeZone})`;
/** An instant as the wall time of the reader's zone, to cut into days, weeks and months. */
const local = (r: ReportRange, at: SQL) => sql`(${at} AT TIME ZONE ${r.timeZone})`;

/** Every bucket of the period, empty ones too; the first starts on or before `from`. */
const buckets = (r: ReportRange) => sql`
  SELECT generate_series(date_trunc(${interval(r)}, ${r.from}::timestamp), ${r.to}::timestamp, ${step(r)}) AS start`;

/** Mail that counts: not in the bin, not a draft, and outgoing mail only once sent. */
const countedMail = (store: StoreFilter, r: ReportRange) => sql`
  ${store.owns('m')} AND m.created_at >= ${periodStart(r)} AND m.created_at < ${periodEnd(r)}
  AND NOT m.is_deleted AND m.send_state IS DISTINCT FROM 'draft' AND (m.direction = 'in' OR m.send_state = 'sent')`;

/**
 * Mails in and out per bucket and mailbox (a bucket without mail: one row, mailbox null, zeros).
 * Counted per bucket first (a hash aggregate), then joined to the period's buckets.
 */
export const mailBucketsSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  WITH buckets AS (${buckets(r)}),
  counted AS (
    SELECT date_trunc(${interval(r)}, ${local(r, sql.raw('m.created_at'))}) AS start, m.mailbox_id,
      count(*) FILTER (WHERE m.direction = 'in')::int AS in_count,
      count(*) FILTER (WHERE m.direction = 'out')::int AS out_count
    FROM mail_logs m WHERE ${countedMail(store, r)}
    GROUP BY 1, 2
  )
  SELECT to_char(b.start, 'YYYY-MM-DD') AS start, m.mailbox_id,
    coalesce(m.in_count, 0) AS in_count, coalesce(m.out_count, 0) AS out_count
  FROM buckets b LEFT JOIN counted m ON m.start = b.start
  ORDER BY b.start, m.mailbox_id NULLS FIRST`;

/**
 * Time to first answer: each case's first customer mail in the period, and the first mail sent on
 * the case after it; per mailbox (of that mail) and over all (is_total). The mails sent since
 * the period began are read once and joined by case (looking each case's up in turn took twice
 * as long on 10,000 cases).
 */
export const firstAnswerSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  WITH firsts AS (
    SELECT DISTINCT ON (m.case_id) m.case_id, m.mailbox_id, m.created_at
    FROM mail_logs m
    WHERE ${countedMail(store, r)} AND m.case_id IS NOT NULL AND m.direction = 'in' AND m.mail_log_type = 'customer'
    ORDER BY m.case_id, m.created_at, m.id
  ), outs AS (
    SELECT o.case_id, o.created_at, coalesce(o.sent_at, o.created_at) AS sent_at
    FROM mail_logs o
    WHERE ${store.owns('o')} AND o.created_at >= ${periodStart(r)} AND o.case_id IS NOT NULL
      AND o.direction = 'out' AND o.send_state = 'sent' AND NOT o.is_deleted
  ), answered AS (
    SELECT f.mailbox_id, f.created_at, min(o.sent_at) AS answered_at
    FROM firsts f LEFT JOIN outs o ON o.case_id = f.case_id AND o.created_at >= f.created_at
    GROUP BY f.case_id, f.mailbox_id, f.created_at
  )
  SELECT mailbox_id, (GROUPING(mailbox_id) = 1) AS is_total, count(*)::int AS conversations,
    count(answered_at)::int AS answered,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM answered_at - created_at) / 3600)
      FILTER (WHERE answered_at IS NOT NULL) AS median_hours
  FROM answered GROUP BY GROUPING SETS ((mailbox_id), ())`;

/** The store's mailboxes' addresses (a mailbox removed since keeps its id in the figures). */
export const mailboxNamesSql = (store: StoreFilter): SQL => sql`
  SELECT id, address FROM mailboxes WHERE ${store.owns()}`;

/** The chosen date of a case, as an instant (created, closed) or a day (purchase). */
const basisOf = (r: ReportRange) =>
  r.basis === 'created' ? sql.raw('c.created_at') : r.basis === 'closed' ? sql.raw('c.closed_at') : null;

/** The period's cases: live (not deleted) ones whose chosen date falls in it. */
const periodCases = (store: StoreFilter, r: ReportRange) => {
  const at = basisOf(r);
  const inPeriod = at
    ? sql`${at} >= ${periodStart(r)} AND ${at} < ${periodEnd(r)}`
    : sql`c.purchase_date >= ${r.from}::date AND c.purchase_date <= ${r.to}::date`;
  return sql`${store.owns('c')} AND c.deleted_at IS NULL AND ${inPeriod}`;
};

const bucketOf = (r: ReportRange) => {
  const at = basisOf(r);
  return at
    ? sql`date_trunc(${interval(r)}, ${local(r, at)})`
    : sql`date_trunc(${interval(r)}, c.purchase_date::timestamp)`;
};

/** The period's cases per bucket of the chosen date, and how many of them are closed. */
export const caseBucketsSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  WITH buckets AS (${buckets(r)}),
  counted AS (
    SELECT ${bucketOf(r)} AS start, count(*)::int AS cases, count(c.closed_at)::int AS closed
    FROM cases c WHERE ${periodCases(store, r)}
    GROUP BY 1
  )
  SELECT to_char(b.start, 'YYYY-MM-DD') AS start, coalesce(p.cases, 0) AS cases, coalesce(p.closed, 0) AS closed
  FROM buckets b LEFT JOIN counted p ON p.start = b.start
  ORDER BY b.start`;

/** The period's cases still open, by workflow and status. */
export const openByStatusSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  SELECT c.work_flow, c.status, count(*)::int AS count FROM cases c
  WHERE ${periodCases(store, r)} AND c.closed_at IS NULL
  GROUP BY c.work_flow, c.status ORDER BY c.work_flow, count(*) DESC, c.status`;

/** A case's supplier: the store's or the company's by id, else the name typed on the case. */
const supplierKey = sql`CASE WHEN c.supplier_id IS NOT NULL THEN c.supplier_id::text
  WHEN c.company_supplier_id IS NOT NULL THEN 'company:' || c.company_supplier_id
  WHEN c.supplier_name IS NOT NULL AND c.supplier_name <> '' THEN 'name:' || c.supplier_name END`;

const percentiles = sql`count(*)::int AS closed,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS median_hours,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY hours) AS p90_hours`;

/** Time to resolution (created to closed, in hours) of the period's closed cases, by workflow, supplier and agent. */
export const resolutionSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  WITH closed AS (
    SELECT c.work_flow, ${supplierKey} AS supplier_key, c.supplier_name, c.assignee,
      extract(epoch FROM c.closed_at - c.created_at) / 3600 AS hours
    FROM cases c WHERE ${periodCases(store, r)} AND c.closed_at IS NOT NULL
  )
  SELECT 'workflow' AS dimension, work_flow AS key, work_flow AS label, ${percentiles}
    FROM closed GROUP BY work_flow
  UNION ALL
  SELECT 'supplier', supplier_key, max(supplier_name), ${percentiles} FROM closed GROUP BY supplier_key
  UNION ALL
  SELECT 'agent', cl.assignee, max(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')), ${percentiles}
    FROM closed cl LEFT JOIN users u ON ${store.owns('u')} AND u.username = cl.assignee
    GROUP BY cl.assignee`;

/**
 * Per supplier of the period's cases: answers (each case's latest), costs, the credit expected
 * and credited, and what is outstanding, reckoned per case as the Costs tab does
 * (costs/cost-amounts.ts: recoveryOf), then summed; the last row (is_total) over all suppliers.
 * Each table is read once for the period's cases and grouped by case (a hash join), not looked
 * up case by case: on 8,000 supplier claims that took a third of the time.
 */
export const supplierFiguresSql = (store: StoreFilter, r: ReportRange): SQL => sql`
  WITH period AS (
    SELECT c.id, ${supplierKey} AS key, coalesce(sp.name, cs.name, c.supplier_name) AS name
    FROM cases c
    LEFT JOIN suppliers sp ON ${store.owns('sp')} AND sp.id = c.supplier_id
    LEFT JOIN company_suppliers cs ON cs.id = c.company_supplier_id
    WHERE ${periodCases(store, r)} AND ${supplierKey} IS NOT NULL
  ), costs AS (
    SELECT cc.case_id, sum(cc.gross_store_minor) AS costs,
      coalesce(sum(cc.gross_store_minor) FILTER (WHERE cc.paid_by = 'supplier'), 0) AS supplier_pays
    FROM case_costs cc WHERE ${store.owns('cc')} AND cc.case_id IN (SELECT id FROM period)
    GROUP BY cc.case_id
  ), credited AS (
    SELECT cn.case_id, sum(cn.amount_store_minor) AS credited
    FROM case_credit_notes cn WHERE ${store.owns('cn')} AND cn.case_id IN (SELECT id FROM period)
    GROUP BY cn.case_id
  ), answers AS (
    SELECT DISTINCT ON (sa.case_id) sa.case_id,
      CASE sa.outcome WHEN 'accepted' THEN 1 WHEN 'partly' THEN 0.5 ELSE 0 END AS score
    FROM supplier_answers sa WHERE ${store.owns('sa')} AND sa.case_id IN (SELECT id FROM period)
    ORDER BY sa.case_id, sa.created_at DESC, sa.id DESC
  ), per_case AS (
    SELECT p.key, p.name, a.score, coalesce(k.costs, 0) AS costs, coalesce(n.credited, 0) AS credited,
      coalesce(rc.expected_credit_minor, k.supplier_pays, 0) AS expected
    FROM period p
    LEFT JOIN costs k ON k.case_id = p.id
    LEFT JOIN credited n ON n.case_id = p.id
    LEFT JOIN answers a ON a.case_id = p.id
    LEFT JOIN case_recovery rc ON ${store.owns('rc')} AND rc.case_id = p.id
  )
  SELECT key, (GROUPING(key) = 1) AS is_total, min(name) AS name, count(*)::int AS cases,
    count(score)::int AS answered, sum(score)::float8 AS score,
    sum(costs)::bigint AS costs, sum(expected)::bigint AS expected, sum(credited)::bigint AS credited,
    sum(greatest(0, expected - credited))::bigint AS outstanding
  FROM per_case GROUP BY GROUPING SETS ((key), ())
  ORDER BY GROUPING(key), count(*) DESC, min(name)`;
