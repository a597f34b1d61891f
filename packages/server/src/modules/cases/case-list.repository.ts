import type { TCaseListRow, TListCasesQuery, TListCasesResponse } from '@claimdesk/contracts';
import { and, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readRows } from '../../db/prepared-read';
import { isoTime, renderedOnce } from '../../db/sql-fragments';
import { caseItems, cases } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CaseReader } from './case-access';
import { matchesSearch, searchWords } from './case-search';
import { participantFilter } from './cases.repository';

const SORT_COLUMNS = {
  caseNumber: cases.caseNumber,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
} as const;

/** The columns of a list row: never the search vector. */
export const LIST_COLUMNS = {
  id: cases.id,
  caseNumber: cases.caseNumber,
  workFlow: cases.workFlow,
  isArchived: cases.isArchived,
  customerName: cases.customerName,
  customerEmail: cases.customerEmail,
  orderReference: cases.orderReference,
  status: cases.status,
  assignee: cases.assignee,
  itemsSummary: cases.itemsSummary,
  supplierName: cases.supplierName,
  statusClaim: cases.statusClaim,
  statusCreditNote: cases.statusCreditNote,
  statusCustomer: cases.statusCustomer,
  statusWareHouse: cases.statusWareHouse,
  customFields: cases.customFields,
  unreadMailCount: cases.unreadMailCount,
  sendPendingMailCount: cases.sendPendingMailCount,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
};

type ListRow = Pick<typeof cases.$inferSelect, keyof typeof LIST_COLUMNS>;

/** LIST_COLUMNS as a select list, each column under its contract name, times as ISO text. */
const LIST_SELECT = renderedOnce(
  sql.join(
    Object.entries(LIST_COLUMNS).map(([name, column]) =>
      name === 'createdAt' || name === 'updatedAt'
        ? sql`${isoTime(column)} AS ${sql.identifier(name)}`
        : sql`${column} AS ${sql.identifier(name)}`,
    ),
    sql`, `,
  ),
);

/** The same columns as they are stored, for the page query's inner select. */
const LIST_SOURCE = renderedOnce(sql.join(Object.values(LIST_COLUMNS), sql`, `));

/** A list row as the list query answers it: the contract's row, times already ISO text. */
type RawListRow = Omit<ListRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const toListRow = (row: ListRow): TCaseListRow => ({
  ...row,
  customFields: row.customFields as TCaseListRow['customFields'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The opaque cursor: the last row's sort value and id, so the next page starts right after it. */
type Cursor = [value: number | string, id: number];
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string, sort: TListCasesQuery['sort']): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[1])) {
      const [key, id] = value as [unknown, number];
      if (
        sort === 'caseNumber'
          ? Number.isInteger(key)
          : typeof key === 'string' && !Number.isNaN(Date.parse(key))
      ) {
        return [key as number | string, id];
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('VALIDATION_FAILED', 'This page cursor is not valid; start from the first page', {
    cursor: 'Not a cursor of this list',
  });
}

const nextDay = (date: string) => sql`(${date}::date + 1)::timestamptz`;

/**
 * The one query behind a page of a workflow's open or archive list: filters, full-text search
 * with prefix matches, keyset paging on (sort column, id). Reads one row more than the page to
 * know whether another page follows. (The benchmark sends it as well, as the API's SQL.)
 */
export function caseListQuery(tenantId: string, query: TListCasesQuery, reader: CaseReader): SQL {
  const column = SORT_COLUMNS[query.sort];
  const isDesc = query.direction === 'desc';
  const conditions: (SQL | undefined)[] = [
    eq(cases.tenantId, tenantId),
    eq(cases.workFlow, query.workFlow),
    eq(cases.isArchived, query.type === 'archive'),
    isNull(cases.deletedAt),
    reader.kind === 'participant' ? participantFilter(tenantId, reader.email) : undefined,
    query.status ? eq(cases.status, query.status) : undefined,
    query.assignee ? eq(cases.assignee, query.assignee) : undefined,
    query.statusClaim ? eq(cases.statusClaim, query.statusClaim) : undefined,
    query.statusCreditNote ? eq(cases.statusCreditNote, query.statusCreditNote) : undefined,
    query.statusCustomer ? eq(cases.statusCustomer, query.statusCustomer) : undefined,
    query.statusWareHouse ? eq(cases.statusWareHouse, query.statusWareHouse) : undefined,
    query.createdFrom ? gte(cases.createdAt, sql`${query.createdFrom}::date::timestamptz`) : undefined,
    query.createdTo ? lt(cases.createdAt, nextDay(query.createdTo)) : undefined,
    query.hasUnread === undefined
      ? undefined
      : query.hasUnread
        ? gt(cases.unreadMailCount, 0)
        : eq(cases.unreadMailCount, 0),
    query.itemType
      ? sql`EXISTS (SELECT 1 FROM ${caseItems} ci WHERE ci.tenant_id = ${tenantId}
          AND ci.case_id = cases.id AND ci.item_type_id = ${query.itemType})`
      : undefined,
  ];
  const search = query.search ? searchWords(query.search) : null;
  if (query.cursor) {
    const [value, id] = decodeCursor(query.cursor, query.sort);
    const bound = query.sort === 'caseNumber' ? sql`${value}::int` : sql`${value}::timestamptz`;
    conditions.push(
      isDesc
        ? sql`(${column}, ${cases.id}) < (${bound}, ${id})`
        : sql`(${column}, ${cases.id}) > (${bound}, ${id})`,
    );
  }
  // Sent as written: drizzle's select builder and its per-field row mapping cost more per call
  // than the database spends on the page. The columns come back named as in the contract.
  const order = isDesc ? sql`DESC` : sql`ASC`;
  const orderBy = sql`ORDER BY ${column} ${order}, ${cases.id} ${order}`;
  const where = and(...conditions);
  // Written into the text (a checked integer): with the page size as a parameter, the planner
  // would cost a prepared list as if it read a tenth of the table, and plan it again on every call.
  const limit = sql.raw(String(query.limit + 1));
  if (!search) return sql`SELECT ${LIST_SELECT} FROM ${cases} WHERE ${where} ${orderBy} LIMIT ${limit}`;

  // A search reads the cases its words match from the full-text index of its list (open or
  // archive: cases_search_open_idx, cases_search_archive_idx) first, then filters and sorts them
  // (OFFSET 0 keeps the planner from merging the two steps). Left to itself, the planner takes the
  // store's whole list from a b-tree as well and intersects the two: it cannot know that the
  // words' tokens, salted with the store (case_search_query), match only this store's cases. That
  // intersection cost a third of the query's time for a typical search. The list's condition is
  // written out, not bound, so that the planner can pick the partial index by it.
  const inList = query.type === 'archive' ? sql`${cases.isArchived}` : sql`NOT ${cases.isArchived}`;
  const matches = sql`(SELECT * FROM ${cases} WHERE ${matchesSearch(tenantId, search)}
    AND ${cases.deletedAt} IS NULL AND ${inList} OFFSET 0) AS ${cases}`;
  // Only the list's columns go through the sort of every match, and the select list (times as
  // text) is computed for the page's rows alone, after the limit.
  return sql`SELECT ${LIST_SELECT} FROM (SELECT ${LIST_SOURCE} FROM ${matches} WHERE ${where}
    ${orderBy} LIMIT ${limit}) AS ${cases} ${orderBy}`;
}

/** A page of a case list. */
export async function listCases(
  db: Db,
  tenantId: string,
  query: TListCasesQuery,
  reader: CaseReader,
): Promise<TListCasesResponse> {
  const rows = await readRows<RawListRow>(db, caseListQuery(tenantId, query, reader));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit && last !== undefined;
  return {
    items: page.map((row) => ({ ...row, customFields: row.customFields as TCaseListRow['customFields'] })),
    nextCursor: hasMore
      ? encodeCursor([query.sort === 'caseNumber' ? last.caseNumber : last[query.sort], last.id])
      : null,
  };
}
