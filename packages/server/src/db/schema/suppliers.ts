// Suppliers: a store's own (internal, a tenant table) and its company's (external, shared by the
// company's stores under /v2/shared). The store's supplierSource says which of the two it uses.
// A store's contact persons are its one-time-code contacts (users.ts, contacts.supplier_id); an
// external supplier's contact persons are the company's own rows.
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, rowId, updatedAt } from './columns';
import { companies } from './tenancy';
import { tenantTable } from './tenant-table';

/** The columns an internal and an external supplier share. */
const supplierColumns = () => ({
  name: text('name').notNull(),
  /** Without spaces, as typed otherwise; unique within the store (or company) when given. */
  organisationNumber: text('organisation_number'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  /** Where a claim is mailed; the supplier's email when unset. */
  claimAddress: text('claim_address'),
  /** Values of the store's compensation-modes document that the supplier accepts. */
  compensationModes: text('compensation_modes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Evidence a claim must carry before it is sent: photos, receipt, serialNumber. */
  requiredEvidence: text('required_evidence')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The supplier's promised answer time in days. */
  answerDays: integer('answer_days'),
  isDisabled: boolean('is_disabled').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A store's own suppliers (supplierSource internal). */
export const suppliers = tenantTable('suppliers', supplierColumns(), (t) => [
  unique('suppliers_tenant_organisation_number_key').on(t.tenantId, t.organisationNumber),
  index('suppliers_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
]);

/**
 * A company's suppliers (supplierSource external), shared by its stores. Keyed like the company's
 * documents by (company_id, id); the id alone is unique too, so a case can name one.
 */
export const companySuppliers = pgTable(
  'company_suppliers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: rowId(),
    ...supplierColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('company_suppliers_id_key').on(t.id),
    unique('company_suppliers_company_organisation_number_key').on(t.companyId, t.organisationNumber),
    index('company_suppliers_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** The contact persons of a company's supplier. */
export const companySupplierContacts = pgTable(
  'company_supplier_contacts',
  {
    companyId: integer('company_id').notNull(),
    id: rowId(),
    supplierId: integer('supplier_id').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'company_supplier_contacts_supplier_fk',
      columns: [t.companyId, t.supplierId],
      foreignColumns: [companySuppliers.companyId, companySuppliers.id],
    }).onDelete('cascade'),
    unique('company_supplier_contacts_company_email_key').on(t.companyId, t.email),
    index('company_supplier_contacts_supplier_idx').on(t.companyId, t.supplierId),
    // The one-time-code sign-in finds a contact person by email alone.
    index('company_supplier_contacts_email_idx').on(t.email),
  ],
);
