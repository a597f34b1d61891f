// The sign-in's lookups across stores: before a sign-in, nothing says which store it is for, so
// these read every store's rows by an email. Everything after them goes through forTenant().
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountDirectory, contacts, otpCodes, stores, suppliers } from '../../db/schema';
import { liveOtpOf, newestOtpIn, unusedOtpOf, type OtpRow } from './otp.repository';

/** The store a staff email belongs to, if any: staff usernames are unique across stores. */
export async function findStoreOfStaffEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: accountDirectory.tenantId })
    .from(accountDirectory)
    .where(eq(accountDirectory.email, email));
  return row?.tenantId ?? null;
}

/**
 * The enabled contact entries of an email in every store: a contact may take part in several. A
 * contact person of a disabled supplier is disabled with it.
 */
export function findContactsInAllStores(db: Db, email: string) {
  return db
    .select({
      tenantId: contacts.tenantId,
      id: contacts.id,
      email: contacts.email,
      storeName: stores.displayName,
    })
    .from(contacts)
    .innerJoin(stores, eq(stores.tenantId, contacts.tenantId))
    .leftJoin(
      suppliers,
      and(eq(suppliers.tenantId, contacts.tenantId), eq(suppliers.id, contacts.supplierId)),
    )
    .where(
      and(
        eq(contacts.email, email),
        eq(contacts.isDisabled, false),
        sql`${suppliers.isDisabled} IS NOT TRUE`,
      ),
    )
    .orderBy(asc(contacts.tenantId));
}

/** The newest live one-time code of an email in any store: one code per email at a time is mailed. */
export function findNewestLiveOtpInAnyStore(db: Db, email: string): Promise<OtpRow | null> {
  return newestOtpIn(db.select().from(otpCodes), liveOtpOf(email));
}

/** The newest unused code of an email in any store: a code sign-in without a store header learns its store from it. */
export function findNewestUnusedOtpInAnyStore(db: Db, email: string): Promise<OtpRow | null> {
  return newestOtpIn(db.select().from(otpCodes), unusedOtpOf(email));
}
