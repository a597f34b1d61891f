// The opening of every tenant table in one place: its store, its id and the (tenant_id, id)
// primary key, so that no table can leave one out and the feature files list only their own columns.
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { pgTable, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { ownedRow, tenantPrimaryKey } from './columns';
import { tenantRow } from './tenancy';

type Extra<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>> = (
  t: BuildExtraConfigColumns<TName, TColumns, 'pg'>,
) => PgTableExtraConfigValue[];

/** A table of rows that belong to a store directly: tenant_id references stores. */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: Extra<TName, ReturnType<typeof tenantRow> & TColumns>,
) {
  return pgTable(name, { ...tenantRow(), ...columns }, (t) => [tenantPrimaryKey(t), ...(extra?.(t) ?? [])]);
}

/**
 * A table of rows owned by another tenant row (a case's items, a mail's attachments): its foreign
 * key (tenant_id, owner_id), given in `extra`, carries the store.
 */
export function ownedTenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: Extra<TName, ReturnType<typeof ownedRow> & TColumns>,
) {
  return pgTable(name, { ...ownedRow(), ...columns }, (t) => [tenantPrimaryKey(t), ...(extra?.(t) ?? [])]);
}
