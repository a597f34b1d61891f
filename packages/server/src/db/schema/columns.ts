// Column helpers shared by every schema file. They import no table, so every feature's file can
// use them; the tenant column that references stores lives beside stores, in tenancy.ts.
import {
  customType,
  foreignKey,
  integer,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A timestamptz read as a Date. `ms`: timestamptz(3), kept to milliseconds as a JS Date is, so a
 * value read back (a keyset cursor, a date in JSON) compares equal to the stored one.
 */
export const timestamptz = (name: string, { ms = false }: { ms?: boolean } = {}) =>
  timestamp(name, { withTimezone: true, mode: 'date', ...(ms ? { precision: 3 } : {}) });

export const createdAt = (options?: { ms?: boolean }) =>
  timestamptz('created_at', options).notNull().defaultNow();
export const updatedAt = (options?: { ms?: boolean }) =>
  timestamptz('updated_at', options).notNull().defaultNow();

/** PostgreSQL's full-text vector (case_search_vector, migration 0003); never written by the app directly. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The row id, numbered across all stores; a row is named by (tenant_id, id). */
export const rowId = () => integer('id').generatedAlwaysAsIdentity();

/**
 * The tenant_id of a row owned by another tenant row (a case's items, a mail's attachments): its
 * foreign key (tenant_id, owner_id) to the owner carries the store, so tenant_id references
 * nothing of its own.
 */
export const ownedTenantId = () => text('tenant_id').notNull();

/** The opening of an owned row with an id of its own (ownedTenantTable() adds the primary key). */
export const ownedRow = () => ({ tenantId: ownedTenantId(), id: rowId() });

/** The primary key of a tenant table: (tenant_id, id). */
export const tenantPrimaryKey = (t: { tenantId: AnyPgColumn; id: AnyPgColumn }) =>
  primaryKey({ columns: [t.tenantId, t.id] });

/**
 * A foreign key (tenant_id, column) to (tenant_id, id) of a tenant table: a row can point only at
 * rows of its own store. Without a name, drizzle-kit derives one from the tables and columns.
 */
export const tenantForeignKey = (
  t: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  target: { tenantId: AnyPgColumn; id: AnyPgColumn },
  name?: string,
) =>
  foreignKey({
    ...(name === undefined ? {} : { name }),
    columns: [t.tenantId, column],
    foreignColumns: [target.tenantId, target.id],
  });
