import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mailLogs, mailTombstones } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';

/** Rows per statement when a large bin is emptied (well under PostgreSQL's parameter limit). */
const CHUNK = 1000;

/**
 * Empties the store's bin of unmapped mails: every binned mail without a case is removed for
 * good, each leaving a tombstone of its Message-ID as a purge of one mail does
 * (mail-state.repository.ts purgeMail), so its mailbox never brings it back in. Locked first, so
 * a mail restored at the same moment is either restored or purged, never half. Answers how many
 * were removed.
 */
export async function purgeUnmappedBin(tx: TenantDb, by: string): Promise<number> {
  const binned = await tx
    .select({ id: mailLogs.id, messageId: mailLogs.messageId, mailboxId: mailLogs.mailboxId })
    .from(mailLogs)
    .where(and(eq(mailLogs.isDeleted, true), isNull(mailLogs.caseId)))
    .for('update');
  for (let at = 0; at < binned.length; at += CHUNK) {
    const chunk = binned.slice(at, at + CHUNK);
    await tx
      .insert(mailTombstones)
      .values(
        chunk.map((m) => ({
          tenantId: tx.tenantId,
          messageId: m.messageId,
          mailboxId: m.mailboxId,
          deletedBy: by,
        })),
      )
      .onConflictDoNothing();
    await tx.delete(mailLogs).where(
      inArray(
        mailLogs.id,
        chunk.map((m) => m.id),
      ),
    );
  }
  return binned.length;
}
