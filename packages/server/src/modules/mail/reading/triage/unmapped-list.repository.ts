import type {
  TListUnmappedMailsQuery,
  TListUnmappedMailsResponse,
  TUnmappedMailType,
} from '@claimdesk/contracts';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { mailLogs } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';
import { afterCursor, MAIL_LIST_COLUMNS, mailPage } from '../mail-page.repository';

const TYPE_FILTER: Record<Exclude<TUnmappedMailType, 'bin'>, SQL> = {
  inbox: sql`${mailLogs.direction} = 'in' AND ${mailLogs.parseState} = 'ok'`,
  // A draft is not sent yet: it stays with its composer, not in this list.
  sent: sql`${mailLogs.direction} = 'out' AND ${mailLogs.sendState} IS DISTINCT FROM 'draft'`,
  drafts: sql`${mailLogs.direction} = 'out' AND ${mailLogs.sendState} = 'draft'`,
  unparseable: sql`${mailLogs.parseState} = 'unparseable'`,
};

/** What the inbox badge counts: unread mails of the unmapped inbox. */
export const UNREAD_INBOX = sql`${TYPE_FILTER.inbox} AND NOT ${mailLogs.isRead}`;

/** Mails without a case that are not deleted (partial index mail_logs_unmapped_idx). */
export const UNMAPPED = and(isNull(mailLogs.caseId), eq(mailLogs.isDeleted, false));

/** The bin of unmapped mails: deleted mails without a case (partial index mail_logs_bin_idx). */
const BINNED = and(isNull(mailLogs.caseId), eq(mailLogs.isDeleted, true));

const listFilter = (type: TUnmappedMailType) => (type === 'bin' ? BINNED : and(UNMAPPED, TYPE_FILTER[type]));

/**
 * One page of unmapped mails, newest first, keyset-paged on (created_at, id) along the partial
 * index; one row more than the page is read to know whether another page follows. Text and HTML
 * stay in the database: the list shows a snippet.
 */
export async function listUnmappedMails(
  db: TenantDb,
  query: TListUnmappedMailsQuery,
): Promise<TListUnmappedMailsResponse> {
  const rows = await db
    .select(MAIL_LIST_COLUMNS)
    .from(mailLogs)
    .where(and(listFilter(query.type), afterCursor(query.cursor)))
    .orderBy(desc(mailLogs.createdAt), desc(mailLogs.id))
    .limit(query.limit + 1);
  return mailPage(db, rows, query.limit);
}
