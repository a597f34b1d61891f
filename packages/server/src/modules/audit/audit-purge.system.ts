// The audit log's retention: the one statement that deletes entries, across every store on
// purpose (the period is the server's, not a store's). The append-only trigger (migration 0018)
// lets a DELETE through only in a transaction that set claimdesk.audit_purge, so this is the
// only way any entry goes.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Deletes every store's entries older than `days` days; answers how many went. */
export async function purgeAuditLog(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL claimdesk.audit_purge = 'on'`);
    const result = await tx.execute(
      sql`WITH gone AS (DELETE FROM audit_log WHERE at < ${before.toISOString()}::timestamptz RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  });
}
