import { and, eq, isNull, sql } from 'drizzle-orm';
import { mailLogs, mailTombstones } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

export type MailRow = typeof mailLogs.$inferSelect;

/** The mail, locked until the transaction ends; null when the store has no such mail. */
export async function lockMail(tx: TenantDb, id: number): Promise<MailRow | null> {
  const [mail] = await tx.select().from(mailLogs).where(eq(mailLogs.id, id)).for('update');
  return mail ?? null;
}

export async function setMailFlags(
  tx: TenantDb,
  id: number,
  flags: { isRead?: boolean; isDeleted?: boolean },
): Promise<void> {
  await tx.update(mailLogs).set(flags).where(eq(mailLogs.id, id));
}

/** Moves the case's unread count by one, never below zero. */
export async function changeUnread(tx: TenantDb, caseId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`greatest(${cases.unreadMailCount} + ${delta}, 0)` })
    .where(eq(cases.id, caseId));
}

/** Removes the mail for good, leaving a tombstone so that its mailbox never brings it back in. */
export async function purgeMail(tx: TenantDb, mail: MailRow, by: string): Promise<void> {
  await tx
    .insert(mailTombstones)
    .values({ tenantId: tx.tenantId, messageId: mail.messageId, mailboxId: mail.mailboxId, deletedBy: by })
    .onConflictDoNothing();
  await tx.delete(mailLogs).where(eq(mailLogs.id, mail.id));
}

/** Whether the store's case {id} exists and is not deleted. */
export async function isLiveCase(tx: TenantDb, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.id, id), isNull(cases.deletedAt)));
  return Boolean(row);
}
