import type {
  TListUnmappedMailsQuery,
  TListUnmappedMailsResponse,
  TUnmappedMailType,
} from '@claimdesk/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { mailAttachments, mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError } from '../../../lib/app-error';
import { toMailLog } from '../mail-log-view';

/** The opaque cursor: the last row's created_at (milliseconds, exact) and id. */
type Cursor = [createdAt: string, id: number];
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (
        typeof at === 'string' &&
        !Number.isNaN(Date.parse(at)) &&
        Number.isInteger(id) &&
        (id as number) > 0
      ) {
        return [at, id as number];
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('VALIDATION_FAILED', 'This page cursor is not valid; start from the first page', {
    cursor: 'Not a cursor of this list',
  });
}

const TYPE_FILTER: Record<Exclude<TUnmappedMailType, 'bin'>, SQL> = {
  inbox: sql`${mailLogs.direction} = 'in' AND ${mailLogs.parseState} = 'ok'`,
  // A draft is not sent yet: it stays with its composer, not in this list.
  sent: sql`${mailLogs.direction} = 'out' AND ${mailLogs.sendState} IS DISTINCT FROM 'draft'`,
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
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const { html: _html, text: _text, ...columns } = getTableColumns(mailLogs);
  const rows = await db
    .select({
      ...columns, // Whitespace folded, so line breaks of the mail do not break a one-line list row.
      snippet: sql<string>`left(btrim(regexp_replace(left(coalesce(${mailLogs.text}, ''), 1000), '[[:space:]]+', ' ', 'g')), 200)`,
    })
    .from(mailLogs)
    .where(
      and(
        listFilter(query.type),
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
  const items = page.map(({ snippet, ...row }) => {
    const {
      html: _h,
      text: _t,
      ...mail
    } = toMailLog(
      { ...row, html: null, text: null },
      attachments.filter((a) => a.mailLogId === row.id),
      null,
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
