import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions } from '../../db/schema';

/** Drops the sessions of every store whose tokens ran out a day ago or more: housekeeping. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, sql`now() - interval '1 day'`));
}
