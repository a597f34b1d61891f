import { and, desc, eq, gt } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** The newest inbound mail of the case after `seenMailId` (not in the bin), or null. */
export async function newerInboundMail(
  tx: TenantDb,
  caseId: number,
  seenMailId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(
      and(
        eq(mailLogs.caseId, caseId),
        eq(mailLogs.direction, 'in'),
        eq(mailLogs.isDeleted, false),
        gt(mailLogs.id, seenMailId),
      ),
    )
    .orderBy(desc(mailLogs.id))
    .limit(1);
  return row?.id ?? null;
}
