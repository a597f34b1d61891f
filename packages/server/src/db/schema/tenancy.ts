// The tenancy: companies own stores, a store is the tenant, and the sign-in directory says which
// store an account belongs to. Every tenant table is made by tenantTable() or ownedTenantTable()
// (tenant-table.ts), which open it with tenantRow() or ownedRow() and its (tenant_id, id) key.
import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns';

/** A chain that owns stores; company-wide resources live under /v2/shared. */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/** The tenant. Its tenant_id is the store name: the X-TENANT-ID header and the token's store_name. */
export const stores = pgTable('stores', {
  tenantId: text('tenant_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  displayName: text('display_name').notNull(),
  language: text('language').notNull().default('nr'),
  supplierSource: text('supplier_source').notNull().default('internal'),
  createdAt: createdAt(),
});

/** The tenant_id of a row that belongs to a store directly: a reference to stores. */
export const storeTenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => stores.tenantId);

/** The opening of a tenant table: its store and its id (tenantTable() adds the primary key). */
export const tenantRow = () => ({ tenantId: storeTenantId(), id: rowId() });

/**
 * Sign-in directory: which store a staff email belongs to. Staff usernames are unique across
 * stores (check-user maps an email to one store); this table is that global key.
 */
export const accountDirectory = pgTable(
  'account_directory',
  {
    email: text('email').primaryKey(),
    tenantId: storeTenantId(),
  },
  (t) => [unique('account_directory_email_tenant_key').on(t.email, t.tenantId)],
);
