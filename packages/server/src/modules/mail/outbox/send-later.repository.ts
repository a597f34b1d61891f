import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** Those of these mails that a person wrote (no auto-reply, bulk mail or our own mail come back). */
export async function personMailsAmong(tx: TenantDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(and(inArray(mailLogs.id, ids), isNull(mailLogs.autoKind)));
  return new Set(rows.map((r) => r.id));
}

/** The pending "send later" mails of these cases, with their case. */
export async function sendLaterMailsOf(
  tx: TenantDb,
  caseIds: number[],
): Promise<{ id: number; caseId: number | null }[]> {
  if (caseIds.length === 0) return [];
  return tx
    .select({ id: mailLogs.id, caseId: mailLogs.caseId })
    .from(mailLogs)
    .where(
      and(
        inArray(mailLogs.caseId, caseIds),
        eq(mailLogs.direction, 'out'),
        eq(mailLogs.sendState, 'pending'),
        eq(mailLogs.isSendLater, true),
      ),
    );
}
