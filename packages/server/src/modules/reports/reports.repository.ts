// The reports' reads: the statements of report-statements.ts through the store's TenantDb, their
// rows turned into the contracts' shapes.
import type {
  TCaseBucket,
  TGetCaseReportResponse,
  TMailBucket,
  TMailboxFigures,
  TResolutionRow,
  TSupplierReportRow,
} from '@claimdesk/contracts';
import type { SQL } from 'drizzle-orm';
import type { StoreFilter, TenantDb } from '../../db/tenant-db';
import type { ReportRange } from './report-period';
import {
  caseBucketsSql,
  firstAnswerSql,
  mailboxNamesSql,
  mailBucketsSql,
  openByStatusSql,
  resolutionSql,
  supplierFiguresSql,
} from './report-statements';

async function rowsOf<T>(db: TenantDb, build: (store: StoreFilter) => SQL): Promise<T[]> {
  const result = (await db.execute(build)) as { rows: T[] };
  return result.rows;
}

/** Hours to one decimal; a numeric column may come as text. */
const hours = (value: number | string | null): number | null =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

export async function mailReport(
  db: TenantDb,
  r: ReportRange,
): Promise<{ buckets: TMailBucket[]; mailboxes: TMailboxFigures[]; totals: TGetMailReportTotals }> {
  type BucketRow = { start: string; mailbox_id: number | null; in_count: number; out_count: number };
  type AnswerRow = {
    mailbox_id: number | null;
    is_total: boolean;
    conversations: number;
    answered: number;
    median_hours: number | string | null;
  };
  const [bucketRows, answerRows, names] = await Promise.all([
    rowsOf<BucketRow>(db, (t) => mailBucketsSql(t, r)),
    rowsOf<AnswerRow>(db, (t) => firstAnswerSql(t, r)),
    rowsOf<{ id: number; address: string }>(db, mailboxNamesSql),
  ]);
  const buckets = new Map<string, TMailBucket>();
  const perMailbox = new Map<number | null, TMailboxFigures>();
  const figuresOf = (mailboxId: number | null): TMailboxFigures => {
    let figures = perMailbox.get(mailboxId);
    if (!figures) {
      const address = names.find((n) => n.id === mailboxId)?.address ?? null;
      figures = {
        mailboxId,
        address,
        in: 0,
        out: 0,
        conversations: 0,
        answered: 0,
        medianHoursToFirstAnswer: null,
      };
      perMailbox.set(mailboxId, figures);
    }
    return figures;
  };
  for (const row of bucketRows) {
    let bucket = buckets.get(row.start);
    if (!bucket) {
      bucket = { start: row.start, in: 0, out: 0, byMailbox: [] };
      buckets.set(row.start, bucket);
    }
    if (row.in_count + row.out_count === 0) continue;
    bucket.in += row.in_count;
    bucket.out += row.out_count;
    bucket.byMailbox.push({ mailboxId: row.mailbox_id, in: row.in_count, out: row.out_count });
    const figures = figuresOf(row.mailbox_id);
    figures.in += row.in_count;
    figures.out += row.out_count;
  }
  const totals: TGetMailReportTotals = {
    in: 0,
    out: 0,
    conversations: 0,
    answered: 0,
    medianHoursToFirstAnswer: null,
  };
  for (const row of answerRows) {
    const target = row.is_total ? totals : figuresOf(row.mailbox_id);
    target.conversations = row.conversations;
    target.answered = row.answered;
    target.medianHoursToFirstAnswer = hours(row.median_hours);
  }
  const mailboxes = [...perMailbox.values()].sort(
    (a, b) => b.in + b.out - (a.in + a.out) || (a.address ?? '').localeCompare(b.address ?? ''),
  );
  for (const m of mailboxes) {
    totals.in += m.in;
    totals.out += m.out;
  }
  return { buckets: [...buckets.values()], mailboxes, totals };
}

export type TGetMailReportTotals = Omit<TMailboxFigures, 'mailboxId' | 'address'>;

type CaseReportParts = Omit<TGetCaseReportResponse, 'period' | 'basis' | 'interval'>;

export async function caseReport(db: TenantDb, r: ReportRange): Promise<CaseReportParts> {
  type ResolutionDbRow = {
    dimension: 'workflow' | 'supplier' | 'agent';
    key: string | null;
    label: string | null;
    closed: number;
    median_hours: number | string;
    p90_hours: number | string;
  };
  const [bucketRows, statusRows, resolutionRows] = await Promise.all([
    rowsOf<{ start: string; cases: number; closed: number }>(db, (t) => caseBucketsSql(t, r)),
    rowsOf<{ work_flow: string; status: string; count: number }>(db, (t) => openByStatusSql(t, r)),
    rowsOf<ResolutionDbRow>(db, (t) => resolutionSql(t, r)),
  ]);
  const buckets: TCaseBucket[] = bucketRows.map((b) => ({ ...b, open: b.cases - b.closed }));
  const totals = { cases: 0, closed: 0, open: 0 };
  for (const b of buckets) {
    totals.cases += b.cases;
    totals.closed += b.closed;
    totals.open += b.open;
  }
  const resolution = (dimension: ResolutionDbRow['dimension']): TResolutionRow[] =>
    resolutionRows
      .filter((row) => row.dimension === dimension)
      .map((row) => ({
        key: row.key,
        label: row.label,
        closed: row.closed,
        medianHours: hours(row.median_hours) ?? 0,
        p90Hours: hours(row.p90_hours) ?? 0,
      }))
      .sort((a, b) => b.closed - a.closed || (a.label ?? '').localeCompare(b.label ?? ''));
  return {
    totals,
    buckets,
    openByStatus: statusRows.map((s) => ({ workFlow: s.work_flow, status: s.status, count: s.count })),
    resolution: {
      byWorkflow: resolution('workflow'),
      bySupplier: resolution('supplier'),
      byAgent: resolution('agent'),
    },
  };
}

export async function supplierReport(
  db: TenantDb,
  r: ReportRange,
): Promise<{ rows: TSupplierReportRow[]; totals: Omit<TSupplierReportRow, 'key' | 'name'> }> {
  type FigureRow = {
    key: string | null;
    is_total: boolean;
    name: string | null;
    cases: number;
    answered: number;
    score: number | null;
    costs: string | number;
    expected: string | number;
    credited: string | number;
    outstanding: string | number;
  };
  const found = await rowsOf<FigureRow>(db, (t) => supplierFiguresSql(t, r));
  const figures = (row: FigureRow): Omit<TSupplierReportRow, 'key' | 'name'> => {
    const expected = Number(row.expected);
    const credited = Number(row.credited);
    return {
      cases: row.cases,
      answered: row.answered,
      acceptanceRate: row.answered > 0 ? Number(row.score) / row.answered : null,
      costsMinor: Number(row.costs),
      expectedMinor: expected,
      creditedMinor: credited,
      recoveryRate: expected > 0 ? credited / expected : null,
      outstandingMinor: Number(row.outstanding),
    };
  };
  const total = found.find((row) => row.is_total);
  return {
    rows: found
      .filter((row) => !row.is_total)
      .map((row) => ({ key: row.key ?? '', name: row.name ?? row.key ?? '', ...figures(row) })),
    totals: total
      ? figures(total)
      : figures({
          key: null,
          is_total: true,
          name: null,
          cases: 0,
          answered: 0,
          score: 0,
          costs: 0,
          expected: 0,
          credited: 0,
          outstanding: 0,
        }),
  };
}
