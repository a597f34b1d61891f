import type { TMailCountResponse, TMenuConfig, TWorkflowMailCount } from '@claimdesk/contracts';
import { and, count, gt, isNull, or, sql } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { UNMAPPED, UNREAD_INBOX } from './triage/unmapped-list.repository';

/** Every workflow the menu names, at the top or in a sub-item. */
export const menuWorkflows = (menu: TMenuConfig): string[] => [
  ...new Set(
    menu
      .flatMap((item) => [item.workFlow, ...(item.sub ?? []).map((s) => s.workFlow)])
      .filter((w) => w !== undefined),
  ),
];

/**
 * The mail badges: three reads on indexed columns. The cases' kept counters are summed per
 * workflow and open/archive (only cases with something to count are aggregated), and the unread
 * unmapped inbox is counted along the partial unmapped index, the failed mails along theirs.
 */
export async function mailCounts(db: TenantDb, workflows: string[]): Promise<TMailCountResponse> {
  const groups = await db
    .select({
      workFlow: cases.workFlow,
      isArchived: cases.isArchived,
      unread: sql`coalesce(sum(${cases.unreadMailCount}), 0)::int`.mapWith(Number),
      pending: sql`coalesce(sum(${cases.sendPendingMailCount}), 0)::int`.mapWith(Number),
    })
    .from(cases)
    .where(and(isNull(cases.deletedAt), or(gt(cases.unreadMailCount, 0), gt(cases.sendPendingMailCount, 0))))
    .groupBy(cases.workFlow, cases.isArchived);
  const [inbox] = await db.select({ n: count() }).from(mailLogs).where(and(UNMAPPED, UNREAD_INBOX));
  const [failed] = await db
    .select({ n: count() })
    .from(mailLogs)
    .where(sql`${mailLogs.sendState} = 'failed' AND NOT ${mailLogs.isDeleted}`);
  const zeros = (): Record<string, TWorkflowMailCount> =>
    Object.fromEntries(workflows.map((w) => [w, { unreadMailCount: 0, sendPendingMailCount: 0 }]));
  const result: TMailCountResponse = {
    open: zeros(),
    archive: zeros(),
    inbox: inbox?.n ?? 0,
    failed: failed?.n ?? 0,
  };
  for (const g of groups) {
    result[g.isArchived ? 'archive' : 'open'][g.workFlow] = {
      unreadMailCount: g.unread,
      sendPendingMailCount: g.pending,
    };
  }
  return result;
}
