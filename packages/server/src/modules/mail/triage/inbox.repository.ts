import type { TInboxMail, TListMailsQuery, TListMailsResponse } from '@claimdesk/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { cases, mailAttachments, mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { searchWords } from '../../cases/case-search';
import { toMailLog } from '../mail-log-view';
import { decodeCursor, encodeCursor } from './keyset-cursor';

/** The first 200 characters of a mail's text, whitespace folded into one line. */
export const SNIPPET = sql<string>`left(btrim(regexp_replace(left(coalesce(${mailLogs.text}, ''), 1000), '[[:space:]]+', ' ', 'g')), 200)`;

/** The inbox's rows: neither drafts nor the bin (partial index mail_logs_inbox_idx). */
const IN_INBOX = sql`NOT ${mailLogs.isDeleted} AND ${mailLogs.sendState} IS DISTINCT FROM 'draft'`;

/** Each filter of the inbox that is set, as its condition. */
function filters(tenantId: string, query: TListMailsQuery, username: string): (SQL | undefined)[] {
  const words = query.search === undefined ? null : searchWords(query.search);
  return [
    query.isUnread === undefined
      ? undefined
      : query.isUnread
        ? sql`${mailLogs.direction} = 'in' AND NOT ${mailLogs.isRead}`
        : sql`NOT (${mailLogs.direction} = 'in' AND NOT ${mailLogs.isRead})`,
    query.isUnmapped === undefined
      ? undefined
      : query.isUnmapped
        ? isNull(mailLogs.caseId)
        : sql`${mailLogs.caseId} IS NOT NULL`,
    query.isFailed === undefined
      ? undefined
      : query.isFailed
        ? sql`${mailLogs.sendState} = 'failed'`
        : sql`${mailLogs.sendState} IS DISTINCT FROM 'failed'`,
    query.isMine === undefined
      ? undefined
      : query.isMine
        ? eq(cases.assignee, username)
        : sql`${cases.assignee} IS DISTINCT FROM ${username}`,
    query.mailboxId === undefined ? undefined : eq(mailLogs.mailboxId, query.mailboxId),
    query.mailLogType === undefined ? undefined : eq(mailLogs.mailLogType, query.mailLogType),
    query.direction === undefined ? undefined : eq(mailLogs.direction, query.direction),
    // A search with no word left (only punctuation) matches nothing rather than everything. The
    // query is computed once, in a subquery, not per row.
    query.search === undefined
      ? undefined
      : words === null
        ? sql`false`
        : sql`${mailLogs.search} @@ (SELECT case_search_query(${tenantId}, ${words}))`,
  ];
}

/**
 * One page of the store's mails, newest first, keyset-paged on (created_at, id); one row more
 * than the page is read to know whether another follows. Text, HTML and the search vector stay
 * in the database: the list shows a snippet. Two statements: the page, then its attachments.
 */
export async function listInboxMails(
  db: TenantDb,
  query: TListMailsQuery,
  username: string,
): Promise<TListMailsResponse> {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const { html: _html, text: _text, search: _search, ...columns } = getTableColumns(mailLogs);
  const rows = await db
    .select({ ...columns, snippet: SNIPPET, caseNumber: cases.caseNumber, workFlow: cases.workFlow })
    .from(mailLogs)
    .leftJoin(cases, eq(cases.id, mailLogs.caseId))
    .where(
      and(
        IN_INBOX,
        ...filters(db.tenantId, query, username),
        cursor
          ? sql`(${mailLogs.createdAt}, ${mailLogs.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(mailLogs.createdAt), desc(mailLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const ids = page.map((r) => r.id);
  const attachments =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(mailAttachments)
          .where(inArray(mailAttachments.mailLogId, ids))
          .orderBy(asc(mailAttachments.mailLogId), asc(mailAttachments.position));
  const items = page.map(({ snippet, caseNumber, workFlow, ...row }): TInboxMail => {
    const {
      html: _h,
      text: _t,
      ...mail
    } = toMailLog(
      { ...row, html: null, text: null, search: null },
      attachments.filter((a) => a.mailLogId === row.id),
      caseNumber === null || workFlow === null ? null : { caseNumber, workFlow },
    );
    return { ...mail, snippet };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}
