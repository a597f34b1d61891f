// The outbox is one queue for every store: which jobs are due, and which a worker holds, is
// decided across stores. What happens to one job goes on through forTenant(db, job.tenant_id).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import type { ClaimedJob } from './outbox-outcome.service';

const interval = (ms: number) => `${String(ms)} milliseconds`;

/**
 * Claims due jobs of every store, and jobs whose lease ran out, in one committed statement (one
 * worker serves all stores). A job a dead process left at `data` or `accepted` (or claimed
 * before stages were recorded: `unknown`) keeps its stage, so that a second crash still knows
 * it must not be sent again.
 */
export async function claimDueOutboxJobsOfAllStores(
  db: Db,
  claim: { workerId: string; batchSize: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT tenant_id, id,
        CASE WHEN locked_by IS NULL THEN NULL ELSE coalesce(send_stage, 'unknown') END AS left_at
      FROM ${mailOutbox}
      WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${claim.batchSize}
      FOR UPDATE SKIP LOCKED
    ), decided AS (
      SELECT *, left_at IN ('data', 'accepted', 'unknown') AS is_left_mid_send FROM due
    )
    UPDATE ${mailOutbox} AS o
    SET locked_until = now() + ${interval(claim.leaseMs)}::interval,
      locked_by = ${claim.workerId},
      send_stage = CASE WHEN d.is_left_mid_send THEN o.send_stage ELSE 'claimed' END,
      attempts = CASE WHEN d.is_left_mid_send THEN o.attempts ELSE o.attempts + 1 END
    FROM decided AS d WHERE o.tenant_id = d.tenant_id AND o.id = d.id
    RETURNING o.tenant_id, o.id, o.mail_log_id, o.attempts, d.left_at`);
  return (result as { rows: ClaimedJob[] }).rows;
}

/** Extends every claim the worker holds, whatever their stores (its batch may mix them). */
export async function renewOutboxLeasesOfWorker(db: Db, workerId: string, leaseMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + ${interval(leaseMs)}::interval` })
    .where(eq(mailOutbox.lockedBy, workerId));
}

/**
 * Milliseconds until the next job of any store may be claimed (due, and its lease, if any, run
 * out), on the database's clock; null when the outbox is empty. A mail in its undo window or
 * waiting for its "send later" time is claimed this soon after its time, not at the next poll.
 */
export async function msUntilNextOutboxJob(db: Db): Promise<number | null> {
  const result = await db.execute(sql`
    SELECT extract(epoch FROM min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())
      * 1000 AS wait_ms
    FROM ${mailOutbox}`);
  const [row] = (result as { rows: { wait_ms: number | string | null }[] }).rows;
  return row?.wait_ms === null || row?.wait_ms === undefined ? null : Number(row.wait_ms);
}
