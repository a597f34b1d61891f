import { and, eq } from 'drizzle-orm';
import {
  companies,
  companySupplierContacts,
  companySuppliers,
  contacts,
  stores,
  suppliers,
  users,
} from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

export async function findUserForSignIn(db: TenantDb, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      roles: users.roles,
      mustResetPassword: users.mustResetPassword,
      tokensValidAfter: users.tokensValidAfter,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
}

export async function findCompanyName(db: TenantDb): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId));
  return row?.name ?? null;
}

/** The reset step's new password: the reset is done and earlier tokens are void. */
export async function saveResetPassword(db: TenantDb, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustResetPassword: false, tokensValidAfter: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Whether a contact's sign-in stands: its contact in the store is enabled, and so is the supplier it
 * speaks for; a contact person of the company's suppliers also needs one enabled entry there (the
 * store contact made at its first sign-in does not outlive it).
 */
export async function findContactStands(db: TenantDb, email: string): Promise<boolean> {
  const [contact] = await db
    .select({ isDisabled: contacts.isDisabled, supplierDisabled: suppliers.isDisabled })
    .from(contacts)
    .leftJoin(
      suppliers,
      and(eq(suppliers.tenantId, contacts.tenantId), eq(suppliers.id, contacts.supplierId)),
    )
    .where(eq(contacts.email, email));
  if (!contact || contact.isDisabled || contact.supplierDisabled === true) return false;
  const company = await db
    .select({ isDisabled: companySupplierContacts.isDisabled, supplierDisabled: companySuppliers.isDisabled })
    .from(stores)
    .innerJoin(companySupplierContacts, eq(companySupplierContacts.companyId, stores.companyId))
    .innerJoin(
      companySuppliers,
      and(
        eq(companySuppliers.companyId, companySupplierContacts.companyId),
        eq(companySuppliers.id, companySupplierContacts.supplierId),
      ),
    )
    .where(eq(companySupplierContacts.email, email));
  return company.length === 0 || company.some((p) => !p.isDisabled && !p.supplierDisabled);
}

/**
 * Whether a staff user's sign-ins stand: the instant before which its tokens are void, and when it
 * was disabled; null when there is no such user.
 */
export async function findStaffStanding(db: TenantDb, username: string) {
  const [row] = await db
    .select({ tokensValidAfter: users.tokensValidAfter, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
}
