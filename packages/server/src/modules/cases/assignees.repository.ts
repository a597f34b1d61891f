import type { TAssignee } from '@claimdesk/contracts';
import { arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { users } from '../../db/schema';
import { STAFF_ROLES } from './case-access';

/** The store's staff, who cases can be assigned to, by name. */
export async function listAssignees(db: TenantDb): Promise<TAssignee[]> {
  return db
    .select({
      username: users.username,
      fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(arrayOverlaps(users.roles, [...STAFF_ROLES]))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username));
}

/** Whether `username` is a user of the store (a case's assignee must be). */
export async function isStoreUser(db: TenantDb, username: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return Boolean(user);
}
