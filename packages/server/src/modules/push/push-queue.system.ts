// The push queue is one for every store: a sender takes the oldest rows of any store. What it
// then reads and sends goes on through forTenant(db, row.tenantId).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushQueue } from '../../db/schema';

export interface QueuedPush {
  tenantId: string;
  mailLogId: number;
}

/**
 * Takes up to `limit` queued mails of any store out of the queue in one committed statement
 * (SKIP LOCKED: two processes never take the same row). A notification is worth less than a
 * duplicate is annoying, so a process that stops right after loses the batch rather than
 * sending it twice.
 */
export async function takeQueuedPushes(db: Db, limit: number): Promise<QueuedPush[]> {
  const result = await db.execute(sql`
    DELETE FROM ${pushQueue} AS q
    USING (
      SELECT tenant_id, id FROM ${pushQueue} ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) AS taken
    WHERE q.tenant_id = taken.tenant_id AND q.id = taken.id
    RETURNING q.tenant_id, q.mail_log_id`);
  return (result as { rows: { tenant_id: string; mail_log_id: number }[] }).rows.map((r) => ({
    tenantId: r.tenant_id,
    mailLogId: r.mail_log_id,
  }));
}
