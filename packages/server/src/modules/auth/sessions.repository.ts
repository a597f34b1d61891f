import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { authSessions } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** The PostgreSQL channel on which a change of someone's access reaches every server process. */
export const SESSIONS_CHANNEL = 'claimdesk_sessions';

export type GrantType = 'password' | 'otp';

/** Starts a sign-in session; its public id goes into the token as `sid`. */
export async function createSession(
  db: TenantDb,
  who: { username: string; grantType: GrantType; address: string | null; userAgent: string | null },
  expiresAt: Date,
): Promise<string> {
  const publicId = randomBytes(16).toString('base64url');
  await db.insert(authSessions).values({
    tenantId: db.tenantId,
    publicId,
    username: who.username,
    grantType: who.grantType,
    address: who.address,
    userAgent: who.userAgent?.slice(0, 300) ?? null,
    expiresAt,
  });
  return publicId;
}

/** The ids of an account's sessions that ended before their tokens ran out: refused until then. */
export async function findEndedSessionIds(db: TenantDb, username: string, grantType: GrantType) {
  const rows = await db
    .select({ publicId: authSessions.publicId })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.username, username),
        eq(authSessions.grantType, grantType),
        isNotNull(authSessions.endedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    );
  return rows.map((r) => r.publicId);
}

/**
 * Ends the account's sessions that still run (all, or all but `exceptId`), and tells every server
 * process in the same transaction. Answers how many ended.
 */
export async function endSessions(
  db: TenantDb,
  who: { username: string; grantType: GrantType },
  options: { onlyId?: string; exceptId?: string } = {},
): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(authSessions.username, who.username),
        eq(authSessions.grantType, who.grantType),
        isNull(authSessions.endedAt),
        gt(authSessions.expiresAt, sql`now()`),
        options.onlyId === undefined ? undefined : eq(authSessions.publicId, options.onlyId),
        options.exceptId === undefined ? undefined : ne(authSessions.publicId, options.exceptId),
      ),
    )
    .returning({ id: authSessions.id });
  await announceAccessChanged(db, who.username);
  return ended.length;
}

/** The account's sessions that still run, newest first: for the person's own list. */
export function listOpenSessions(db: TenantDb, username: string, grantType: GrantType) {
  return db
    .select({
      publicId: authSessions.publicId,
      address: authSessions.address,
      userAgent: authSessions.userAgent,
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.username, username),
        eq(authSessions.grantType, grantType),
        isNull(authSessions.endedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authSessions.createdAt))
    .limit(100);
}

/**
 * Tells every server process (and this one) that an account's access changed, in the caller's
 * transaction: each drops what its session guard cached of it, so the change holds at once.
 * `everyStore`: a company's contact person, who may have signed in to any of its stores.
 */
export async function announceAccessChanged(
  db: TenantDb,
  username: string,
  { everyStore = false } = {},
): Promise<void> {
  const payload = JSON.stringify({ tenantId: everyStore ? null : db.tenantId, username });
  await db.execute(() => sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
}
