import { MY_DESK_LATE_DAYS, type TDashboardResponse, type TMyDeskResponse } from '@claimdesk/contracts';
import { and, asc, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { cases } from '../../db/schema';
import { LIST_COLUMNS, toListRow } from '../cases/case-list.repository';

const TOP = 10;

interface WeekRow {
  week_start: string;
  created: number;
  closed: number;
}

/** Live cases of the store in the open lists (not archived). */
const openCases = and(isNull(cases.deletedAt), eq(cases.isArchived, false));

/**
 * The dashboard's figures. A case counts as closed from the moment it reaches a closed status
 * (or is archived): `closed_at`. Weeks start on Monday 00:00 in `timeZone` (the reader's).
 */
export async function dashboard(
  db: TenantDb,
  username: string,
  weeks: number,
  timeZone: string,
): Promise<TDashboardResponse> {
  const byStatus = await db
    .select({ workFlow: cases.workFlow, status: cases.status, count: sql<number>`count(*)::int` })
    .from(cases)
    .where(openCases)
    .groupBy(cases.workFlow, cases.status)
    .orderBy(asc(cases.workFlow), asc(cases.status));

  // One pass over the store's cases created or closed since the first week, each counted in its
  // week (date_trunc on the time in `timeZone`), instead of two counts per week (24 scans for 12 weeks).
  const perWeek = await db.execute(
    (store) => sql`
    WITH weeks AS (
      SELECT generate_series(
        date_trunc('week', now() AT TIME ZONE ${timeZone}) - ${weeks - 1} * interval '1 week',
        date_trunc('week', now() AT TIME ZONE ${timeZone}),
        interval '1 week') AS week_start
    ),
    since AS (SELECT min(week_start) AT TIME ZONE ${timeZone} AS at FROM weeks),
    events AS (
      SELECT date_trunc('week', c.created_at AT TIME ZONE ${timeZone}) AS week_start, 1 AS created, 0 AS closed
        FROM ${cases} c, since WHERE ${store.owns('c')} AND c.deleted_at IS NULL AND c.created_at >= since.at
      UNION ALL
      SELECT date_trunc('week', c.closed_at AT TIME ZONE ${timeZone}), 0, 1
        FROM ${cases} c, since WHERE ${store.owns('c')} AND c.deleted_at IS NULL AND c.closed_at >= since.at
    )
    SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start,
      coalesce(sum(e.created), 0)::int AS created, coalesce(sum(e.closed), 0)::int AS closed
    FROM weeks w LEFT JOIN events e ON e.week_start = w.week_start
    GROUP BY w.week_start ORDER BY w.week_start`,
  );

  const stillOpen = and(openCases, isNull(cases.closedAt));
  const oldest = await db
    .select(LIST_COLUMNS)
    .from(cases)
    .where(stillOpen)
    .orderBy(asc(cases.createdAt), asc(cases.id))
    .limit(TOP);

  const mine = and(stillOpen, eq(cases.assignee, username));
  const [myCounts] = await db
    .select({
      open: sql<number>`count(*)::int`,
      unread: sql<number>`count(*) FILTER (WHERE ${cases.unreadMailCount} > 0)::int`,
    })
    .from(cases)
    .where(mine);
  const myRows = await db
    .select(LIST_COLUMNS)
    .from(cases)
    .where(mine)
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(TOP);

  return {
    openByStatus: byStatus,
    perWeek: (perWeek as { rows: WeekRow[] }).rows.map((w) => ({
      weekStart: w.week_start,
      created: w.created,
      closed: w.closed,
    })),
    oldestOpen: oldest.map(toListRow),
    myCases: { open: myCounts?.open ?? 0, unread: myCounts?.unread ?? 0, rows: myRows.map(toListRow) },
  };
}

const DESK_TOP = 20;

/**
 * The caller's desk: their own open cases (assigned to them, not archived, not closed), the late
 * ones among them (not updated for MY_DESK_LATE_DAYS days; cases have no due date), and those with
 * unread mail. Each list counts all and returns the first DESK_TOP rows.
 */
export async function myDesk(db: TenantDb, username: string): Promise<TMyDeskResponse> {
  const mine = and(openCases, isNull(cases.closedAt), eq(cases.assignee, username));
  const lateBefore = new Date(Date.now() - MY_DESK_LATE_DAYS * 86_400_000);
  const list = async (where: SQL | undefined, order: 'updated-desc' | 'updated-asc') => {
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(cases)
      .where(where);
    const rows = await db
      .select(LIST_COLUMNS)
      .from(cases)
      .where(where)
      .orderBy(
        order === 'updated-asc' ? asc(cases.updatedAt) : desc(cases.updatedAt),
        order === 'updated-asc' ? asc(cases.id) : desc(cases.id),
      )
      .limit(DESK_TOP);
    return { count: counted?.count ?? 0, rows: rows.map(toListRow) };
  };
  return {
    lateDays: MY_DESK_LATE_DAYS,
    open: await list(mine, 'updated-desc'),
    late: await list(and(mine, lt(cases.updatedAt, lateBefore)), 'updated-asc'),
    unread: await list(and(mine, gt(cases.unreadMailCount, 0)), 'updated-desc'),
  };
}
