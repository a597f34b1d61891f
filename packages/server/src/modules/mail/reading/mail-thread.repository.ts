import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

export type MailRow = typeof mailLogs.$inferSelect;

/** How far a thread is followed, and how many mails move with one, at most. */
const MAX_ROUNDS = 6;
const MAX_THREAD = 200;

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The other unmapped mails (not deleted) of a mail's thread, locked for the transaction: mails
 * it answers (its In-Reply-To and References), mails that answer it (naming its Message-ID in
 * theirs), and so on from those, a few steps out. Oldest first.
 */
export async function unmappedThreadOf(tx: TenantDb, start: MailRow): Promise<MailRow[]> {
  const found = new Map<number, MailRow>([[start.id, start]]);
  let frontier = [start];
  for (let round = 0; round < MAX_ROUNDS && frontier.length > 0 && found.size < MAX_THREAD; round += 1) {
    const ownIds = frontier.map((m) => m.messageId);
    const named = frontier.flatMap((m) => [...(m.inReplyTo ? [m.inReplyTo] : []), ...m.references]);
    const rows = await tx
      .select()
      .from(mailLogs)
      .where(
        and(
          isNull(mailLogs.caseId),
          eq(mailLogs.isDeleted, false),
          or(
            named.length > 0 ? inArray(mailLogs.messageId, named) : undefined,
            inArray(mailLogs.inReplyTo, ownIds),
            sql`${mailLogs.references} && ${textArray(ownIds)}`,
          ),
        ),
      )
      .orderBy(asc(mailLogs.id))
      .limit(MAX_THREAD)
      .for('update');
    frontier = rows.filter((r) => !found.has(r.id));
    for (const row of frontier) if (found.size < MAX_THREAD) found.set(row.id, row);
  }
  found.delete(start.id);
  return [...found.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}
