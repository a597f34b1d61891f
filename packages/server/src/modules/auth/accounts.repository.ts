import { eq } from 'drizzle-orm';
import { companies, contacts, stores, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

export async function findUserForSignIn(db: TenantDb, username: string) {
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

/** Whether a contact's sign-in stands: null when there is no such contact. */
export async function findContactIsDisabled(db: TenantDb, email: string): Promise<boolean | null> {
  const [row] = await db
    .select({ isDisabled: contacts.isDisabled })
    .from(contacts)
    .where(eq(contacts.email, email));
  return row ? row.isDisabled : null;
}

/** The instant before which a user's tokens are void; null when there is no such user. */
export async function findTokensValidAfter(db: TenantDb, username: string): Promise<Date | null> {
  const [row] = await db
    .select({ validAfter: users.tokensValidAfter })
    .from(users)
    .where(eq(users.username, username));
  return row?.validAfter ?? null;
}
