// Tenancy by construction: a store's code reaches the database only through a TenantDb, whose
// statements carry `tenant_id = <the store>` whatever the caller writes. The raw handle (Db) is for
// the data layer itself and for the few lookups that cross stores on purpose, which live in
// `*.system.ts` files; lint (eslint/tenant-scope.js) refuses a raw statement anywhere else.
import { and, Column, eq, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A database handle or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A store's id, or the placeholder of one in a statement rendered once (prepared-read.ts). */
type TenantKey = string | Placeholder;

/** The statements a TenantDb hands out: drizzle's own builders, so types and SQL read as usual. */
type Builders = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | '$count'>;

/**
 * The store filter of SQL text, from the bound handle: `owns('c')` is `c.tenant_id = <the store>`
 * (a bound parameter), `owns()` the same without an alias. Lint (eslint/tenant-scope.js,
 * `claimdesk/store-filter`) refuses `tenant_id = ${...}` written by hand outside src/db/.
 */
export interface StoreFilter {
  owns(alias?: string): SQL;
  /** The store's id as a bound parameter, for a value written into a row (INSERT … SELECT). */
  readonly id: SQL;
}

/** The store filter of `tenant` (a store's id, or the placeholder of one in a prepared statement). */
export function storeFilter(tenant: TenantKey): StoreFilter {
  return {
    owns: (alias) =>
      alias ? sql`${sql.identifier(alias)}.tenant_id = ${tenant}` : sql`tenant_id = ${tenant}`,
    id: sql`${tenant}`,
  };
}

export interface TenantDb extends Builders, StoreFilter {
  /** The store every statement is bound to. */
  readonly tenantId: string;
  /** Runs `work` in a transaction whose statements are bound to the same store. */
  transaction<T>(work: (tx: TenantDb) => Promise<T>): Promise<T>;
  /**
   * A statement written as SQL text: `build` gets the store filter and must filter every tenant
   * table with it (`${store.owns('c')}`). For the few statements drizzle cannot write (UPDATE …
   * FROM a VALUES list, a CTE with a lock).
   */
  execute(build: (store: StoreFilter) => SQL): ReturnType<Db['execute']>;
  /** Escape hatch for the data layer's prepared reads (prepared-read.ts), which take the handle. */
  readonly handle: Db;
}

/** The rows of `table` that belong to `tenant`, or undefined when the table has no tenant_id. */
function ownRows(table: unknown, tenant: TenantKey): SQL | undefined {
  const column = (table as { tenantId?: unknown } | null)?.tenantId;
  return is(column, Column) ? eq(column, tenant) : undefined;
}

type Condition = SQL | undefined | ((fields: unknown) => SQL | undefined);
type Method = (...args: unknown[]) => unknown;
type Builder = Record<string, Method | undefined>;

/** A builder's method, bound to it (drizzle's builders are classes). */
function method(builder: Builder, name: string): Method {
  const found = builder[name];
  if (!found) throw new Error(`a query builder without ${name}()`);
  return found.bind(builder);
}

/**
 * Makes `builder.where(c)` mean `where own AND c`, and applies `own` at once so that a statement
 * without a where is still bound. drizzle's where only records its condition, so calling it
 * again replaces the earlier one.
 */
function bindWhere<B>(builder: B, own: () => SQL | undefined): B {
  const b = builder as Builder;
  const where = method(b, 'where');
  where(own());
  b.where = (condition: unknown) => {
    const c = condition as Condition;
    return where(typeof c === 'function' ? (fields: unknown) => and(own(), c(fields)) : and(own(), c));
  };
  return builder;
}

/** Joins of tenant tables keep to the store too (`JOIN t ON t.tenant_id = … AND on`). */
function bindJoins(builder: Builder, tenant: TenantKey): void {
  for (const name of ['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin'] as const) {
    if (!builder[name]) continue;
    const join = method(builder, name);
    builder[name] = (table: unknown, on: unknown) => {
      const own = ownRows(table, tenant);
      const c = on as Condition;
      return join(
        table,
        !own ? c : typeof c === 'function' ? (fields: unknown) => and(own, c(fields)) : and(own, c),
      );
    };
  }
}

/** `select(…).from(table)` with the table's and every joined table's rows of the store only. */
function boundSelect<S>(select: S, tenant: TenantKey): S {
  return ((...args: unknown[]) => {
    const start = (select as Method)(...args) as Builder;
    const from = method(start, 'from');
    start.from = (table: unknown) => {
      const query = from(table) as Builder;
      bindJoins(query, tenant);
      return bindWhere(query, () => ownRows(table, tenant));
    };
    return start;
  }) as S;
}

/** Every statement on a tenant table that `db` makes, bound to `tenant`. */
function bindBuilders(db: Db, tenant: string): Builders {
  const select = boundSelect<Db['select']>(db.select.bind(db), tenant);
  const selectDistinct = boundSelect<Db['selectDistinct']>(db.selectDistinct.bind(db), tenant);
  return {
    select,
    selectDistinct,
    insert: ((table: unknown) => {
      const builder = db.insert(table as never) as unknown as Builder;
      const values = method(builder, 'values');
      builder.values = (rows: unknown) => {
        const stamp = (row: unknown) => {
          const given = (row as { tenantId?: unknown }).tenantId;
          if (given !== undefined && given !== tenant) throw new Error('a row of another store');
          return ownRows(table, tenant) ? { ...(row as object), tenantId: tenant } : row;
        };
        return values(Array.isArray(rows) ? rows.map(stamp) : stamp(rows));
      };
      return builder;
    }) as unknown as Db['insert'],
    update: ((table: unknown) => {
      const builder = db.update(table as never) as unknown as Builder;
      const set = method(builder, 'set');
      builder.set = (values: unknown) => {
        const query = set(values) as Builder;
        const joined: unknown[] = [];
        if (query.from) {
          const from = method(query, 'from');
          query.from = (other: unknown) => {
            joined.push(other);
            return from(other);
          };
        }
        return bindWhere(query, () => and(ownRows(table, tenant), ...joined.map((t) => ownRows(t, tenant))));
      };
      return builder;
    }) as unknown as Db['update'],
    delete: ((table: unknown) =>
      bindWhere(db.delete(table as never) as unknown as Builder, () =>
        ownRows(table, tenant),
      )) as unknown as Db['delete'],
    $count: ((table: unknown, filter?: SQL) =>
      db.$count(table as never, and(ownRows(table, tenant), filter))) as Db['$count'],
  };
}

/** The store's view of the database: every statement it hands out is bound to `tenantId`. */
export function forTenant(db: Db | PgTransaction<never, never, never>, tenantId: string): TenantDb {
  const handle = db as Db;
  return {
    ...bindBuilders(handle, tenantId),
    tenantId,
    handle,
    transaction: (work) => handle.transaction((tx) => work(forTenant(tx as unknown as Db, tenantId))),
    ...storeFilter(tenantId),
    execute: (build) => handle.execute(build(storeFilter(tenantId))),
  };
}
