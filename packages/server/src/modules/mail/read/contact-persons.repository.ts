import type { TContactPerson } from '@claimdesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { contacts } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** The store's one-time-code contacts, by name; disabled ones only when asked for. */
export function listContactPersons(db: TenantDb, includeDisabled: boolean): Promise<TContactPerson[]> {
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      fullName: contacts.fullName,
      isDisabled: contacts.isDisabled,
    })
    .from(contacts)
    .where(includeDisabled ? undefined : eq(contacts.isDisabled, false))
    .orderBy(asc(contacts.fullName), asc(contacts.id));
}
