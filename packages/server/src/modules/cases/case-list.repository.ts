import { UNASSIGNED_FILTER, type TCaseListRow, type TListCasesQuery } from '@claimdesk/contracts';
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { isoFromUtcText, rowsAsJson } from '../../db/json-rows';
import {
  asTextRows,
  PREPARED_STORE,
  readTextRows,
  statementTemplate,
  type Statement,
} from '../../db/prepared-read';
import { namedSelectList, renderedOnce, utcTimestamp } from '../../db/sql-fragments';
import { caseItems, cases } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import type { CaseReader } from './case-access';
import { matchesSearch, searchWords } from './case-search';
import { participantFilter, supplierContactCondition } from './cases.repository';

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

/** LIST_COLUMNS as a select list, each column under its contract name, times in UTC (utcTimestamp). */
const LIST_SELECT = renderedOnce(
  namedSelectList({
    ...LIST_COLUMNS,
    createdAt: utcTimestamp(LIST_COLUMNS.createdAt),
    updatedAt: utcTimestamp(LIST_COLUMNS.updatedAt),
  }),
);

/**
 * LIST_SELECT as a one-time-code user reads it: a supplier's contact person gets no customer
 * name or email (participantFilter's rule; cases.repository.ts).
 */
const participantListSelect = () => {
  const isSupplierContact = supplierContactCondition(PREPARED_STORE, p('email'));
  return namedSelectList({
    ...LIST_COLUMNS,
    customerName: sql`CASE WHEN ${isSupplierContact} THEN '' ELSE ${cases.customerName} END`,
    customerEmail: sql`CASE WHEN ${isSupplierContact} THEN NULL ELSE ${cases.customerEmail} END`,
    createdAt: utcTimestamp(LIST_COLUMNS.createdAt),
    updatedAt: utcTimestamp(LIST_COLUMNS.updatedAt),
  });
};

/** The same columns as they are stored, for the page query's inner select. */
const LIST_SOURCE = renderedOnce(sql.join(Object.values(LIST_COLUMNS), sql`, `));

/**
 * What a search reads of each case its words match: the list's columns and those the list's
 * conditions test besides (every filter tests a list column or the case's id). Not the whole
 * row: taking each match's every column, its search vector and description among them, cost a
 * tenth of a typical search's round trip (65 of 625 µs, one search at a time).
 */
const MATCH_SOURCE = renderedOnce(
  sql.join(
    [
      ...Object.values(LIST_COLUMNS),
      cases.tenantId,
      cases.deletedAt,
      // participantFilter's supplier rule reads these.
      cases.sentToSupplierAt,
      cases.supplierId,
      cases.companySupplierId,
    ],
    sql`, `,
  ),
);

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

/** The optional filters of a list query with a value, each the query field of that name. */
type ValueFilter =
  | 'status'
  | 'assignee'
  | 'statusClaim'
  | 'statusCreditNote'
  | 'statusCustomer'
  | 'statusWareHouse'
  | 'createdFrom'
  | 'createdTo'
  | 'itemType';
/** The optional filters of a list query: `unassigned` is the `assignee` filter's UNASSIGNED_FILTER. */
type ListFilter = ValueFilter | 'unassigned';

/** The values a list statement is filled with; the filters absent from a query stay unset. */
type ListValues = Partial<
  Record<ListFilter | 'tenantId' | 'workFlow' | 'email' | 'words' | 'after' | 'afterId', unknown>
>;

const p = (name: keyof ListValues) => sql.placeholder(name);

/** Each optional filter's condition. */
const FILTERS: Record<ListFilter, SQL> = {
  status: sql`${cases.status} = ${p('status')}`,
  assignee: sql`${cases.assignee} = ${p('assignee')}`,
  unassigned: sql`${cases.assignee} IS NULL`,
  statusClaim: sql`${cases.statusClaim} = ${p('statusClaim')}`,
  statusCreditNote: sql`${cases.statusCreditNote} = ${p('statusCreditNote')}`,
  statusCustomer: sql`${cases.statusCustomer} = ${p('statusCustomer')}`,
  statusWareHouse: sql`${cases.statusWareHouse} = ${p('statusWareHouse')}`,
  createdFrom: sql`${cases.createdAt} >= ${p('createdFrom')}::date::timestamptz`,
  createdTo: sql`${cases.createdAt} < (${p('createdTo')}::date + 1)::timestamptz`,
  itemType: sql`EXISTS (SELECT 1 FROM ${caseItems} ci WHERE ${PREPARED_STORE.owns('ci')}
    AND ci.case_id = cases.id AND ci.item_type_id = ${p('itemType')})`,
};
const VALUE_FILTERS = Object.keys(FILTERS).filter((name) => name !== 'unassigned') as ValueFilter[];

/** The filters a query sets, with the values they bind. */
function queryFilters(query: TListCasesQuery): { filters: ListFilter[]; values: ListValues } {
  const filters: ListFilter[] = [];
  const values: ListValues = {};
  for (const name of VALUE_FILTERS) {
    const value = query[name];
    // An empty filter (`status=`, as a cleared field sends it) filters nothing.
    if (!value) continue;
    if (name === 'assignee' && value === UNASSIGNED_FILTER) {
      filters.push('unassigned');
      continue;
    }
    filters.push(name);
    values[name] = value;
  }
  return { filters, values };
}

/** What decides a list statement's text; its values are filled in on each call. */
interface ListShape {
  sort: TListCasesQuery['sort'];
  direction: TListCasesQuery['direction'];
  type: TListCasesQuery['type'];
  limit: number;
  participant: boolean;
  filters: ListFilter[];
  hasUnread: boolean | undefined;
  search: boolean;
  cursor: boolean;
}

/**
 * The one query behind a page of a workflow's open or archive list: filters, full-text search
 * with prefix matches, keyset paging on (sort column, id). Reads one row more than the page to
 * know whether another page follows.
 */
function listQuery(shape: ListShape): SQL {
  const column = SORT_COLUMNS[shape.sort];
  const order = shape.direction === 'desc' ? sql`DESC` : sql`ASC`;
  const inList = shape.type === 'archive' ? sql`${cases.isArchived}` : sql`NOT ${cases.isArchived}`;
  const conditions: (SQL | undefined)[] = [
    sql`${cases.tenantId} = ${p('tenantId')}`,
    sql`${cases.workFlow} = ${p('workFlow')}`,
    inList,
    isNull(cases.deletedAt),
    shape.participant ? participantFilter(PREPARED_STORE, p('email')) : undefined,
    ...shape.filters.map((name) => FILTERS[name]),
    shape.hasUnread === undefined
      ? undefined
      : shape.hasUnread
        ? sql`${cases.unreadMailCount} > 0`
        : sql`${cases.unreadMailCount} = 0`,
    shape.cursor
      ? sql`(${column}, ${cases.id}) ${shape.direction === 'desc' ? sql`<` : sql`>`}
        (${p('after')}::${sql.raw(shape.sort === 'caseNumber' ? 'int' : 'timestamptz')}, ${p('afterId')}::int)`
      : undefined,
  ];
  const orderBy = sql`ORDER BY ${column} ${order}, ${cases.id} ${order}`;
  const where = and(...conditions);
  // Written into the text: with the page size as a parameter, the planner would cost a prepared
  // list as if it read a tenth of the table, and plan it again on every call.
  const limit = sql.raw(String(shape.limit + 1));
  const select = shape.participant ? participantListSelect() : LIST_SELECT;
  if (!shape.search) return sql`SELECT ${select} FROM ${cases} WHERE ${where} ${orderBy} LIMIT ${limit}`;

  // A search reads the cases its words match from the full-text index of its list (open or
  // archive: cases_search_open_idx, cases_search_archive_idx) first, then filters and sorts them
  // (OFFSET 0 keeps the planner from merging the two steps). Left to itself, the planner takes the
  // store's whole list from a b-tree as well and intersects the two: it cannot know that the
  // words' tokens, salted with the store (case_search_query), match only this store's cases. That
  // intersection cost a third of the query's time for a typical search. The list's condition is
  // written out, not bound, so that the planner can pick the partial index by it.
  const matches = sql`(SELECT ${MATCH_SOURCE} FROM ${cases} WHERE ${matchesSearch(p('tenantId'), p('words'))}
    AND ${cases.deletedAt} IS NULL AND ${inList} OFFSET 0) AS ${cases}`;
  // Only the list's columns go through the sort of every match, and the select list (times as
  // text) is computed for the page's rows alone, after the limit.
  return sql`SELECT ${select} FROM (SELECT ${LIST_SOURCE} FROM ${matches} WHERE ${where}
    ${orderBy} LIMIT ${limit}) AS ${cases} ${orderBy}`;
}

/** List statements by shape (a few dozen in practice: the filters people combine). */
const listTemplates = new Map<string, ReturnType<typeof statementTemplate>>();

/**
 * The statement of one page of a list, as the API sends it (and the benchmark as its ceiling):
 * its text is rendered once per shape, its values filled in per call.
 */
export function caseListStatement(tenantId: string, query: TListCasesQuery, reader: CaseReader): Statement {
  const words = query.search ? searchWords(query.search) : null;
  const { filters, values: filterValues } = queryFilters(query);
  const shape: ListShape = {
    sort: query.sort,
    direction: query.direction,
    type: query.type,
    limit: query.limit,
    participant: reader.kind === 'participant',
    filters,
    hasUnread: query.hasUnread,
    search: words !== null,
    // An empty cursor (`?cursor=`) is the first page, as in the values below.
    cursor: Boolean(query.cursor),
  };
  const values: ListValues = { ...filterValues, tenantId, workFlow: query.workFlow, words };
  if (reader.kind === 'participant') values.email = reader.email;
  if (query.cursor) [values.after, values.afterId] = decodeCursor(query.cursor, query.sort);
  const key = JSON.stringify(shape);
  let template = listTemplates.get(key);
  if (!template) {
    template = statementTemplate(listQuery(shape));
    listTemplates.set(key, template);
  }
  return template({ ...values, tenantId });
}

/**
 * A page of a case list, as the JSON of the contract's list response (TListCasesResponse): the
 * rows are written out as the database answers them, never parsed (json-rows.ts).
 */
export async function listCasesJson(
  db: TenantDb,
  query: TListCasesQuery,
  reader: CaseReader,
): Promise<string> {
  const answer = await readTextRows(db, asTextRows(caseListStatement(db.tenantId, query, reader)));
  const pageSize = Math.min(answer.rows.length, query.limit);
  const last = answer.rows[pageSize - 1];
  const hasMore = answer.rows.length > query.limit && last !== undefined;
  let nextCursor: string | null = null;
  if (hasMore) {
    const column = (name: keyof TCaseListRow) => last[answer.columns.findIndex((c) => c.name === name)];
    const sortValue = column(query.sort) ?? '';
    nextCursor = encodeCursor([
      query.sort === 'caseNumber' ? Number(sortValue) : isoFromUtcText(sortValue),
      Number(column('id')),
    ]);
  }
  return `{"items":${rowsAsJson(answer, pageSize)},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
