// The sign-in limiter's counts. Its table has no store on purpose: a guesser's attempts count
// against an account or an address whatever store they aim at, so these statements take the raw
// handle.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';

/** A key's count in its current window, as the upsert answers it. */
export interface CountedAttempts {
  key: string;
  attempts: number;
  window_started_at: string;
  retry_after: number;
}

const interval = (windowMs: number) => `${String(windowMs)} milliseconds`;

/**
 * Takes a place under each key in all stores' shared counts, in one atomic upsert (a window
 * past its end starts again at 1), and answers every key's count.
 */
export async function countSignInAttemptsOfAllStores(
  db: Db,
  keys: string[],
  windowMs: number,
): Promise<CountedAttempts[]> {
  const window = interval(windowMs);
  // Rows are locked in one order (sorted keys) by every statement here, so two sign-ins that
  // share a key cannot deadlock.
  const rows = [...keys].sort().map((key) => sql`(${key}, 1, now())`);
  const result = await db.execute(sql`
    INSERT INTO ${signInAttempts} AS a (key, attempts, window_started_at)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at <= now() - ${window}::interval THEN 1
        ELSE a.attempts + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - ${window}::interval THEN now()
        ELSE a.window_started_at END
    RETURNING a.key, a.attempts, a.window_started_at::text AS window_started_at,
      ceil(extract(epoch FROM a.window_started_at + ${window}::interval - now()))::int AS retry_after`);
  return (result as { rows: CountedAttempts[] }).rows;
}

/**
 * Gives the places back in all stores' shared counts (only in the windows they were taken in);
 * `forgiven` starts again at 0.
 */
export async function giveBackSignInAttemptsOfAllStores(
  db: Db,
  counted: CountedAttempts[],
  forgiven: string | undefined,
): Promise<void> {
  const taken = counted.map((row) => sql`(${row.key}, ${row.window_started_at}::timestamptz)`);
  await db.execute(sql`
    UPDATE ${signInAttempts} AS a
    SET attempts = CASE WHEN a.key = ${forgiven ?? ''} THEN 0 ELSE greatest(a.attempts - 1, 0) END
    FROM (
      SELECT key FROM ${signInAttempts}
      WHERE (key, window_started_at) IN (${sql.join(taken, sql`, `)})
      ORDER BY key COLLATE "C"
      FOR UPDATE
    ) AS locked
    WHERE a.key = locked.key`);
}

/** Forgets the counts of every store whose window has passed. */
export async function pruneSignInAttemptsOfAllStores(db: Db, windowMs: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${signInAttempts}
    WHERE window_started_at <= now() - ${interval(windowMs)}::interval`);
}
