// The people a mail can go to besides the customer (GET /v2/shared/suppliers/contact-persons):
// the contact persons of the suppliers the store uses, and its one-time-code contacts of no
// supplier (case participants). A person of a disabled supplier counts as disabled.
import type { TContactPerson } from '@claimdesk/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { companySupplierContacts, companySuppliers, contacts, suppliers } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import type { SupplierOwner } from './supplier-owner';

type Person = Required<Omit<TContactPerson, 'supplierId' | 'supplierName'>> & {
  supplierId: number | null;
  supplierName: string | null;
};

/** The store's contacts: its suppliers' persons (internal source) or only those of no supplier. */
function storeContacts(db: TenantDb, withSuppliers: boolean): Promise<Person[]> {
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      fullName: contacts.fullName,
      isDisabled: sql<boolean>`(${contacts.isDisabled} OR coalesce(${suppliers.isDisabled}, false))`,
      supplierId: contacts.supplierId,
      supplierName: suppliers.name,
    })
    .from(contacts)
    .leftJoin(suppliers, eq(suppliers.id, contacts.supplierId))
    .where(withSuppliers ? undefined : isNull(contacts.supplierId));
}

function companyContacts(db: TenantDb, companyId: number): Promise<Person[]> {
  const c = companySupplierContacts;
  return db
    .select({
      id: c.id,
      email: c.email,
      fullName: c.fullName,
      isDisabled: sql<boolean>`(${c.isDisabled} OR ${companySuppliers.isDisabled})`,
      supplierId: c.supplierId,
      supplierName: companySuppliers.name,
    })
    .from(c)
    .innerJoin(
      companySuppliers,
      and(eq(companySuppliers.companyId, c.companyId), eq(companySuppliers.id, c.supplierId)),
    )
    .where(eq(c.companyId, companyId))
    .orderBy(asc(c.fullName));
}

/** By name; disabled ones only when asked for. */
export async function listContactPersons(
  db: TenantDb,
  owner: SupplierOwner,
  includeDisabled: boolean,
): Promise<TContactPerson[]> {
  const company = owner.source === 'external' ? await companyContacts(db, owner.companyId) : [];
  // A company's contact person who signed in here has a store contact too: listed once.
  const companyEmails = new Set(company.map((p) => p.email));
  const people = [
    ...(await storeContacts(db, owner.source === 'internal')).filter((p) => !companyEmails.has(p.email)),
    ...company,
  ];
  return people
    .filter((p) => includeDisabled || !p.isDisabled)
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id - b.id)
    .map(({ supplierId, supplierName, ...person }) =>
      supplierId === null ? person : { ...person, supplierId, supplierName },
    );
}
