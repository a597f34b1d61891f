// Named configuration documents ("initial properties") of a store, and of a company as the
// fallback for its stores.
import { integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { rowId, updatedAt } from './columns';
import { companies } from './tenancy';
import { tenantTable } from './tenant-table';

/** The columns a store's and a company's documents share. */
const documentColumns = () => ({
  name: text('name').notNull(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/** A store's named configuration documents ("initial properties"). */
export const storeProperties = tenantTable('store_properties', documentColumns(), (t) => [
  unique('store_properties_tenant_name_key').on(t.tenantId, t.name),
]);

/** A company's named configuration documents, the fallback for its stores. */
export const companyProperties = pgTable(
  'company_properties',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: rowId(),
    ...documentColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('company_properties_company_name_key').on(t.companyId, t.name),
  ],
);
