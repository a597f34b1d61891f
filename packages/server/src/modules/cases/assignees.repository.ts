import type { TAssignee } from '@claimdesk/contracts';
import { and, arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { STAFF_ROLES } from './case-access';

/** The store's staff, who cases can be assigned to, by name. */
export async function listAssignees(db: Db, tenantId: string): Promise<TAssignee[]> {
  return db
    .select({
      username: users.username,
      fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), arrayOverlaps(users.roles, [...STAFF_ROLES])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username));
}
