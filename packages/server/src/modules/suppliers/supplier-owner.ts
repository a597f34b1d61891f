// Whose suppliers a call acts on: the store's own (/v2/api/suppliers) or its company's
// (/v2/shared/suppliers). The two pairs of tables have the same columns but for the owner, so one
// set of queries serves both: the company's tables are typed as the store's, and the owner's
// condition and insert values are the only places where they differ, picked from the real tables.
import { eq, type SQL } from 'drizzle-orm';
import { companySupplierContacts, companySuppliers, contacts, suppliers } from '../../db/schema';

export type SupplierOwner = { source: 'internal' } | { source: 'external'; companyId: number };

export interface SupplierTables {
  s: typeof suppliers;
  c: typeof contacts;
  /** The owner's rows of each table; undefined for the store's (its TenantDb binds them). */
  supplierOwn: SQL | undefined;
  contactOwn: SQL | undefined;
  /** Values an insert into each table needs besides its own columns. */
  ownerValues: { tenantId: string };
}

export function tablesOf(owner: SupplierOwner, tenantId: string): SupplierTables {
  if (owner.source === 'internal') {
    return {
      s: suppliers,
      c: contacts,
      supplierOwn: undefined,
      contactOwn: undefined,
      ownerValues: { tenantId },
    };
  }
  return {
    s: companySuppliers as unknown as typeof suppliers,
    c: companySupplierContacts as unknown as typeof contacts,
    supplierOwn: eq(companySuppliers.companyId, owner.companyId),
    contactOwn: eq(companySupplierContacts.companyId, owner.companyId),
    ownerValues: { companyId: owner.companyId } as unknown as { tenantId: string },
  };
}
