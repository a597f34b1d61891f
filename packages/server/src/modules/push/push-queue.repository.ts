import { sql } from 'drizzle-orm';
import { pushQueue } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** The channel that wakes the push senders of every server process. */
export const PUSH_CHANNEL = 'claimdesk_push';

/**
 * Queues the browser notifications of new inbound mails in the caller's transaction: they go
 * out when it commits (a NOTIFY wakes a sender), and never for mails rolled back.
 */
export async function queueMailPushes(tx: TenantDb, mailLogIds: readonly number[]): Promise<void> {
  if (mailLogIds.length === 0) return;
  await tx.insert(pushQueue).values(mailLogIds.map((mailLogId) => ({ tenantId: tx.tenantId, mailLogId })));
  await tx.execute(() => sql`SELECT pg_notify(${PUSH_CHANNEL}, '')`);
}
