import type { TAssignee } from '@claimdesk/contracts';
import { and, arrayOverlaps, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { users } from '../../db/schema';
import { STAFF_ROLES } from './case-access';

/**
 * The store's staff, who cases can be assigned to, by name: for staff alone (the list names every
 * colleague). A disabled user is no longer offered, but still named where it was assigned
 * (`withDisabled`, for lists that show names).
 */
export async function listAssignees(db: TenantDb, { withDisabled = false } = {}): Promise<TAssignee[]> {
  return db
    .select({
      username: users.username,
      fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(
      and(arrayOverlaps(users.roles, [...STAFF_ROLES]), withDisabled ? undefined : isNull(users.disabledAt)),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username));
}

/** Whether `username` is a user of the store (a case's assignee must be). */
export async function isStoreUser(db: TenantDb, username: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return Boolean(user);
}
