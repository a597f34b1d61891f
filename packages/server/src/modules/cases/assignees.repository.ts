import type { TAssignee } from '@claimdesk/contracts';
import { and, arrayOverlaps, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';
import { cases, users } from '../../db/schema';
import { STAFF_ROLES, type CaseReader } from './case-access';
import { participantFilter } from './cases.repository';

/**
 * The store's staff, who cases can be assigned to, by name. A one-time-code contact gets only
 * the assignees of the cases they take part in: enough to show names in their list, no more.
 */
export async function listAssignees(db: TenantDb, reader: CaseReader): Promise<TAssignee[]> {
  const theirCases =
    reader.kind === 'participant'
      ? sql`${users.username} IN (SELECT ${cases.assignee} FROM ${cases} WHERE ${and(
          sql`${cases.tenantId} = ${db.tenantId}`,
          isNull(cases.deletedAt),
          participantFilter(db.tenantId, reader.email),
        )})`
      : undefined;
  return db
    .select({
      username: users.username,
      fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(and(arrayOverlaps(users.roles, [...STAFF_ROLES]), theirCases))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username));
}

/** Whether `username` is a user of the store (a case's assignee must be). */
export async function isStoreUser(db: TenantDb, username: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return Boolean(user);
}
