// Taking a queued mail back before it leaves (Undo, a "send later" the customer overtook): its
// job, its row back to a draft, and the timeline entry written when it was queued.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { caseTimeline, mailLogs, mailOutbox } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/**
 * Deletes the send jobs of these mails that no worker holds or has started (not locked, no send
 * stage); answers the mails whose job it deleted. A worker's claim committed first wins: the
 * delete re-reads a row that changed under it and leaves a claimed one.
 */
export async function deleteUnclaimedJobs(tx: TenantDb, mailLogIds: number[]): Promise<number[]> {
  if (mailLogIds.length === 0) return [];
  const rows = await tx
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.mailLogId, mailLogIds),
        isNull(mailOutbox.lockedBy),
        isNull(mailOutbox.sendStage),
      ),
    )
    .returning({ mailLogId: mailOutbox.mailLogId });
  return rows.map((r) => r.mailLogId);
}

/**
 * Pending mails become drafts again: no bytes, no time to leave, the case tag that queueing
 * added to the subject taken off (it is added again when sent), `sendError` shown on the draft.
 * Answers each mail with its case.
 */
export async function pendingBackToDraft(
  tx: TenantDb,
  ids: number[],
  sendError: string | null,
): Promise<{ id: number; caseId: number | null }[]> {
  if (ids.length === 0) return [];
  return tx
    .update(mailLogs)
    .set({
      sendState: 'draft',
      sendAt: null,
      isSendLater: false,
      sendAttempts: 0,
      sendError,
      rawFileHash: null,
      rawSize: null,
      subject: sql`regexp_replace(${mailLogs.subject}, '\\s*\\[#[0-9]+\\]$', '')`,
    })
    .where(and(inArray(mailLogs.id, ids), eq(mailLogs.sendState, 'pending')))
    .returning({ id: mailLogs.id, caseId: mailLogs.caseId });
}

/** Removes the newest `mail-out` entry of the mail on its case: the one written when it was queued. */
export async function deleteQueuedTimelineEntry(
  tx: TenantDb,
  caseId: number,
  mailLogId: number,
): Promise<void> {
  const [entry] = await tx
    .select({ id: caseTimeline.id })
    .from(caseTimeline)
    .where(
      and(
        eq(caseTimeline.caseId, caseId),
        eq(caseTimeline.mailLogId, mailLogId),
        eq(caseTimeline.kind, 'mail-out'),
      ),
    )
    .orderBy(desc(caseTimeline.id))
    .limit(1);
  if (entry) await tx.delete(caseTimeline).where(eq(caseTimeline.id, entry.id));
}

/** The mail's job due now (unless a worker holds it); the mail no longer waits for a time. */
export async function makeDueNow(tx: TenantDb, mailLogId: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.mailLogId, mailLogId), isNull(mailOutbox.lockedBy)));
  await tx.update(mailLogs).set({ sendAt: null, isSendLater: false }).where(eq(mailLogs.id, mailLogId));
}
