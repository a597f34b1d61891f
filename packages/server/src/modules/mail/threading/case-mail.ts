import { and, eq, sql } from 'drizzle-orm';
import { caseTimeline, cases } from '../../../db/schema';
import type { Tx } from '../../cases/case-search';

/**
 * A new inbound mail on a case: the case counts one more unread mail and its timeline gets a
 * mail-in entry naming the mail. Runs in the transaction that stores the mail.
 */
export async function noteInboundMail(
  tx: Tx,
  tenantId: string,
  caseId: number,
  mailLogId: number,
  sender: string | null,
): Promise<void> {
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`${cases.unreadMailCount} + 1` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
  await tx
    .insert(caseTimeline)
    .values({ tenantId, caseId, kind: 'mail-in', actor: sender ?? 'mail', mailLogId });
}
