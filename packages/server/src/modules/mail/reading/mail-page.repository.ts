// One page of a mail list (the inbox, the unmapped lists): the columns a list row reads, the
// keyset condition after a cursor, and the page with its attachments as the API answers it.
import type { TUnmappedMail } from '@claimdesk/contracts';
import { asc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { mailAttachments, mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { toMailLog } from './mail-log-view';
import { decodeCursor, encodeCursor } from '../../../lib/keyset-cursor';

const { html: _html, text: _text, search: _search, ...rowColumns } = getTableColumns(mailLogs);

/**
 * What a list row reads of a mail: not its text, HTML or search vector (a page stays small), but
 * the first 200 characters of the text, whitespace folded so a mail's line breaks do not break
 * a one-line row.
 */
export const MAIL_LIST_COLUMNS = {
  ...rowColumns,
  snippet: sql<string>`left(btrim(regexp_replace(left(coalesce(${mailLogs.text}, ''), 1000), '[[:space:]]+', ' ', 'g')), 200)`,
};

type ListRow = { [K in keyof typeof rowColumns]: (typeof mailLogs.$inferSelect)[K] } & { snippet: string };

/** Rows newest first after the cursor's row (keyset on created_at, id); undefined on the first page. */
export const afterCursor = (cursor: string | undefined): SQL | undefined => {
  if (cursor === undefined) return undefined;
  const [at, id] = decodeCursor(cursor);
  return sql`(${mailLogs.createdAt}, ${mailLogs.id}) < (${at}::timestamptz, ${id})`;
};

/**
 * The page of `rows` (read with one row more than `limit`, to know whether another page follows)
 * as the API answers it, with each mail's attachments read in one statement.
 */
export async function mailPage<R extends ListRow>(
  db: TenantDb,
  rows: R[],
  limit: number,
  caseOf: (row: R) => { caseNumber: number; workFlow: string } | null = () => null,
): Promise<{ items: TUnmappedMail[]; nextCursor: string | null }> {
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.id);
  const attachments =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(mailAttachments)
          .where(inArray(mailAttachments.mailLogId, ids))
          .orderBy(asc(mailAttachments.mailLogId), asc(mailAttachments.position));
  const items = page.map((row) => {
    const {
      html: _h,
      text: _t,
      ...mail
    } = toMailLog(
      { ...row, html: null, text: null, search: null },
      attachments.filter((a) => a.mailLogId === row.id),
      caseOf(row),
    );
    return { ...mail, snippet: row.snippet };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}
