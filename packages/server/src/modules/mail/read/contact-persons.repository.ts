import type { TContactPerson } from '@claimdesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contacts } from '../../../db/schema';

/** The store's one-time-code contacts, by name; disabled ones only when asked for. */
export function listContactPersons(
  db: Db,
  tenantId: string,
  includeDisabled: boolean,
): Promise<TContactPerson[]> {
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      fullName: contacts.fullName,
      isDisabled: contacts.isDisabled,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), includeDisabled ? undefined : eq(contacts.isDisabled, false)))
    .orderBy(asc(contacts.fullName), asc(contacts.id));
}
