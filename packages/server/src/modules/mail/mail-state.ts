import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailLogs, mailTombstones } from '../../db/mail-schema';
import { cases } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../cases/case-search';

const oneMail = (tenantId: string, id: number) => and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id));

async function changeUnread(tx: Tx, tenantId: string, caseId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`greatest(${cases.unreadMailCount} + ${delta}, 0)` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
}

/**
 * Marks a mail read or unread; an inbound mail on a case moves the case's unread count with
 * it, once per real change. Answers false when the store has no such mail (or it is deleted).
 */
export async function markMailRead(db: Db, tenantId: string, id: number, isRead: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mail] = await tx
      .select({
        isRead: mailLogs.isRead,
        caseId: mailLogs.caseId,
        direction: mailLogs.direction,
        isDeleted: mailLogs.isDeleted,
      })
      .from(mailLogs)
      .where(oneMail(tenantId, id))
      .for('update');
    if (!mail || mail.isDeleted) return false;
    if (mail.isRead === isRead) return true;
    await tx.update(mailLogs).set({ isRead }).where(oneMail(tenantId, id));
    if (mail.caseId !== null && mail.direction === 'in') {
      await changeUnread(tx, tenantId, mail.caseId, isRead ? -1 : 1);
    }
    return true;
  });
}

/**
 * Deletes a mail: hidden (is_deleted) by default, or removed for good with `isPurge`, which
 * leaves a tombstone so the mailbox never brings it back in. An unread inbound mail on a case
 * no longer counts as unread. Answers false when the store has no such mail. A mail waiting in
 * the outbox is refused (409): the worker may be sending it this very moment, and its case's
 * pending count would be left behind.
 */
export async function deleteMail(
  db: Db,
  tenantId: string,
  id: number,
  options: { isPurge: boolean; by: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mailLogs).where(oneMail(tenantId, id)).for('update');
    if (!mail) return false;
    if (mail.sendState === 'pending') {
      throw new AppError('CONFLICT', 'This mail is waiting to be sent; delete it once it is sent or failed');
    }
    if (mail.caseId !== null && mail.direction === 'in' && !mail.isRead && !mail.isDeleted) {
      await changeUnread(tx, tenantId, mail.caseId, -1);
    }
    if (!options.isPurge) {
      await tx.update(mailLogs).set({ isDeleted: true }).where(oneMail(tenantId, id));
      return true;
    }
    await tx
      .insert(mailTombstones)
      .values({ tenantId, messageId: mail.messageId, mailboxId: mail.mailboxId, deletedBy: options.by })
      .onConflictDoNothing();
    await tx.delete(mailLogs).where(oneMail(tenantId, id));
    return true;
  });
}
