import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { caseExists } from '../cases/cases.repository';

/** The name a person's presence shows: the user's first and last name, else the username. */
export async function personName(db: TenantDb, username: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.username, username));
  const name = row ? `${row.firstName} ${row.lastName}`.trim() : '';
  return name === '' ? username : name;
}

/**
 * Whether a one-time-code contact may hear about a case: the cases module's own rule (its
 * participants include the contact's email). A deleted case counts, so that an open view of it
 * learns that it is gone.
 */
export function contactMaySee(db: TenantDb, email: string, caseId: number): Promise<boolean> {
  return caseExists(db, caseId, {
    reader: { kind: 'participant', email: email.toLowerCase() },
    includeDeleted: true,
  });
}
