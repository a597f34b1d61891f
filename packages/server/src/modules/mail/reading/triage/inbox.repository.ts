import type { TListMailsQuery, TListMailsResponse } from '@claimdesk/contracts';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { cases, mailLogs } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';
import { searchWords } from '../../../cases/case-search';
import { afterCursor, MAIL_LIST_COLUMNS, mailPage } from '../mail-page.repository';

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
    // query is called with its values, not in a subquery: PostgreSQL folds the immutable call at
    // plan time and sees how common the words are. For a common prefix it then walks the inbox
    // index newest first and stops at the page (0.8 ms on 100,000 mails), where a subquery's
    // unknown value made it fetch and sort every match (1.9 s for 66,674; bench/mail-inbox.ts).
    query.search === undefined
      ? undefined
      : words === null
        ? sql`false`
        : sql`${mailLogs.search} @@ case_search_query(${tenantId}, ${words})`,
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
  const rows = await db
    .select({ ...MAIL_LIST_COLUMNS, caseNumber: cases.caseNumber, workFlow: cases.workFlow })
    .from(mailLogs)
    .leftJoin(cases, eq(cases.id, mailLogs.caseId))
    .where(and(IN_INBOX, ...filters(db.tenantId, query, username), afterCursor(query.cursor)))
    .orderBy(desc(mailLogs.createdAt), desc(mailLogs.id))
    .limit(query.limit + 1);
  return mailPage(db, rows, query.limit, ({ caseNumber, workFlow }) =>
    caseNumber === null || workFlow === null ? null : { caseNumber, workFlow },
  );
}
