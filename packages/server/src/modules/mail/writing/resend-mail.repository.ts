import { eq, sql } from 'drizzle-orm';
import { mailLogs, mailOutbox } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** The mail waits to be sent again: pending, its attempts from zero, its last error cleared. */
export async function markPendingAgain(tx: TenantDb, mailLogId: number): Promise<void> {
  await tx
    .update(mailLogs)
    .set({ sendState: 'pending', sendAttempts: 0, sendError: null, sendAt: null, isSendLater: false })
    .where(eq(mailLogs.id, mailLogId));
}

/** The mail's send job, new or started over (due now, unlocked, attempts from zero). */
export async function requeueOutbox(tx: TenantDb, mailLogId: number): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ tenantId: tx.tenantId, mailLogId })
    .onConflictDoUpdate({
      target: [mailOutbox.tenantId, mailOutbox.mailLogId],
      set: { attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: null },
    });
}

/** One more mail of the case waits to be sent. */
export async function raisePendingCount(tx: TenantDb, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({ sendPendingMailCount: sql`${cases.sendPendingMailCount} + 1` })
    .where(eq(cases.id, caseId));
}
