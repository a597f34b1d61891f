import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountDirectory, companies, contacts, stores, users } from '../../db/schema';

/** The store a staff email belongs to, if any. */
export async function findStaffStore(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: accountDirectory.tenantId })
    .from(accountDirectory)
    .where(eq(accountDirectory.email, email));
  return row?.tenantId ?? null;
}

/** The enabled contact entries of an email; a contact may take part in several stores. */
export function findContacts(db: Db, email: string) {
  return db
    .select({
      tenantId: contacts.tenantId,
      id: contacts.id,
      email: contacts.email,
      storeName: stores.displayName,
    })
    .from(contacts)
    .innerJoin(stores, eq(stores.tenantId, contacts.tenantId))
    .where(and(eq(contacts.email, email), eq(contacts.isDisabled, false)))
    .orderBy(asc(contacts.tenantId));
}

export async function findUserForSignIn(db: Db, tenantId: string, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      roles: users.roles,
      mustResetPassword: users.mustResetPassword,
      tokensValidAfter: users.tokensValidAfter,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  return row ?? null;
}

export async function findCompanyName(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .where(eq(stores.tenantId, tenantId));
  return row?.name ?? null;
}
