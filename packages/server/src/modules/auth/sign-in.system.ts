// The sign-in's lookups across stores: before a sign-in, nothing says which store it is for, so
// these read every store's rows by an email. Everything after them goes through forTenant().
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountDirectory,
  companySupplierContacts,
  companySuppliers,
  contacts,
  otpCodes,
  stores,
  suppliers,
} from '../../db/schema';
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

/**
 * A contact person of a company's supplier signs in to the first of the company's stores that
 * use the company's suppliers (supplierSource external). A code belongs to a store contact, so
 * the person's contact there is made on its first sign-in; a disabled one stays disabled.
 */
export async function companyContactForSignIn(db: Db, email: string) {
  const [found] = await db
    .select({
      tenantId: stores.tenantId,
      storeName: stores.displayName,
      fullName: companySupplierContacts.fullName,
    })
    .from(companySupplierContacts)
    .innerJoin(
      companySuppliers,
      and(
        eq(companySuppliers.companyId, companySupplierContacts.companyId),
        eq(companySuppliers.id, companySupplierContacts.supplierId),
      ),
    )
    .innerJoin(
      stores,
      and(eq(stores.companyId, companySupplierContacts.companyId), eq(stores.supplierSource, 'external')),
    )
    .where(
      and(
        eq(companySupplierContacts.email, email),
        eq(companySupplierContacts.isDisabled, false),
        eq(companySuppliers.isDisabled, false),
      ),
    )
    .orderBy(asc(stores.tenantId))
    .limit(1);
  if (!found) return null;
  await db
    .insert(contacts)
    .values({ tenantId: found.tenantId, email, fullName: found.fullName })
    .onConflictDoNothing();
  const [contact] = await db
    .select({ id: contacts.id, isDisabled: contacts.isDisabled })
    .from(contacts)
    .where(and(eq(contacts.tenantId, found.tenantId), eq(contacts.email, email)));
  if (!contact || contact.isDisabled) return null;
  return { tenantId: found.tenantId, id: contact.id, email, storeName: found.storeName };
}

/** The newest live one-time code of an email in any store: one code per email at a time is mailed. */
export function findNewestLiveOtpInAnyStore(db: Db, email: string): Promise<OtpRow | null> {
  return newestOtpIn(db.select().from(otpCodes), liveOtpOf(email));
}

/** The newest unused code of an email in any store: a code sign-in without a store header learns its store from it. */
export function findNewestUnusedOtpInAnyStore(db: Db, email: string): Promise<OtpRow | null> {
  return newestOtpIn(db.select().from(otpCodes), unusedOtpOf(email));
}
