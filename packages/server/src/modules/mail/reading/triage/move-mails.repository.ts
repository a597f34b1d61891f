import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { caseTimeline, cases, mailLogs } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';

export type MailRow = typeof mailLogs.$inferSelect;

/** What a moved mail leaves on each case's timeline. */
export interface MoveEntry {
  caseId: number;
  mailLogId: number;
  from: number | null;
  to: number | null;
}

/**
 * The store's mails with these ids, deleted ones too (the caller refuses them), locked for the
 * transaction in id order, so two moves of overlapping mails wait for each other instead of
 * deadlocking.
 */
export async function lockMailsById(tx: TenantDb, ids: number[]): Promise<MailRow[]> {
  return tx.select().from(mailLogs).where(inArray(mailLogs.id, ids)).orderBy(asc(mailLogs.id)).for('update');
}

/** The store's mails on this case, deleted ones too, locked in id order (as lockMailsById). */
export async function lockMailsOfCase(tx: TenantDb, caseId: number): Promise<MailRow[]> {
  return tx
    .select()
    .from(mailLogs)
    .where(eq(mailLogs.caseId, caseId))
    .orderBy(asc(mailLogs.id))
    .for('update');
}

/** The numbers of the store's live cases among these ids, locked in id order; deleted ones are left out. */
export async function lockLiveCaseNumbers(tx: TenantDb, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(and(inArray(cases.id, ids), isNull(cases.deletedAt)))
    .orderBy(asc(cases.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.caseNumber]));
}

/** Puts these mails on case `caseId`, or back to unmapped with null. */
export async function setCaseOfMails(tx: TenantDb, ids: number[], caseId: number | null): Promise<void> {
  await tx.update(mailLogs).set({ caseId }).where(inArray(mailLogs.id, ids));
}

/** Moves a case's unread count by `delta`, never below zero. */
export async function shiftUnreadCount(tx: TenantDb, caseId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`greatest(${cases.unreadMailCount} + ${delta}, 0)` })
    .where(eq(cases.id, caseId));
}

/** One mail-moved timeline entry per moved mail and case it touched. */
export async function insertMoveEntries(tx: TenantDb, entries: MoveEntry[], actor: string): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(caseTimeline).values(
    entries.map((e) => ({
      tenantId: tx.tenantId,
      caseId: e.caseId,
      kind: 'mail-moved',
      actor,
      changes: [{ field: 'case', from: e.from, to: e.to }],
      mailLogId: e.mailLogId,
    })),
  );
}
