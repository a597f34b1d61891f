// The fast path for the two busiest reads, a page of a case list and a case (cases/*.repository.ts):
// statements rendered once with placeholders, named so PostgreSQL plans them once, rows read as
// text (json-rows.ts). Use it only where a benchmark (bench/cases-api.ts) shows drizzle's own
// rendering and parsing to be the cost; everything else is plain drizzle through a TenantDb.
import { createHash } from 'node:crypto';
import { types } from '@electric-sql/pglite';
import { fillPlaceholders, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { renderSql } from './sql-fragments';
import { storeFilter, type TenantDb } from './tenant-db';

/**
 * A query as node-postgres sends it: a named one is parsed once per connection. It belongs to
 * the store whose id filled its `tenantId` placeholder, and only that store's TenantDb runs it.
 */
/** The store filter of a statement template: its `tenantId` placeholder, filled per store. */
export const PREPARED_STORE = storeFilter(sql.placeholder('tenantId'));

export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  tenantId: string;
}

/** How many statement texts get a name; a connection keeps every statement it prepared. */
const MAX_NAMED = 200;
let named = 0;

/**
 * A read rendered to SQL once, its values left as placeholders (`sql.placeholder('id')`), and
 * named after its text: each call only fills in the values. The busiest reads (a list page, a
 * case) are sent thousands of times a second with a handful of texts; rendering them with
 * drizzle on every call, and PostgreSQL parsing them on every call, each cost more than the
 * rest of the call's own work. Only the first MAX_NAMED texts get a name; any later one is sent
 * unnamed.
 */
export function statementTemplate(
  query: SQL,
): (values: Record<string, unknown> & { tenantId: string }) => Statement {
  const { sql: text, params } = renderSql(query);
  // Tenancy by construction: a template that does not bind the store cannot be made.
  if (!params.some((p) => is(p, Placeholder) && p.name === 'tenantId')) {
    throw new Error('a statement template must filter by the tenantId placeholder');
  }
  const name = named < MAX_NAMED ? `read_${createHash('sha1').update(text).digest('base64url')}` : undefined;
  if (name) named += 1;
  return (values) => {
    const filled = fillPlaceholders(params, values);
    const { tenantId } = values;
    return name ? { name, text, values: filled, tenantId } : { text, values: filled, tenantId };
  };
}

const asWritten = (value: string) => value;

/**
 * A statement whose rows are read as PostgreSQL wrote them: each row an array of its values'
 * text (null as null), in the order of the select list. For reads whose rows go straight out as
 * JSON (json-rows.ts): parsing them into values only to write them again cost more than the rest.
 * It is a node-postgres query as it is (the benchmark sends it so).
 */
export interface TextStatement extends Statement {
  rowMode: 'array';
  types: { getTypeParser: () => typeof asWritten };
}

export const asTextRows = (statement: Statement): TextStatement => ({
  ...statement,
  rowMode: 'array',
  types: { getTypeParser: () => asWritten },
});

/** PGlite's query call, the one the embedded database is read with. */
interface EmbeddedClient {
  query: (
    text: string,
    values: unknown[],
    options?: { rowMode: 'array'; parsers: Record<number, typeof asWritten> },
  ) => Promise<{ rows: unknown[]; fields: Column[] }>;
}
// Every type PGlite would parse (its own list of parsers, by type id) is answered as written.
const PGLITE_AS_WRITTEN = {
  rowMode: 'array' as const,
  parsers: Object.fromEntries(
    Object.keys(types.parsers)
      .filter((key) => /^\d+$/.test(key))
      .map((typeId) => [Number(typeId), asWritten]),
  ),
};

/** A column of a read's answer: its name and PostgreSQL type. */
export interface Column {
  name: string;
  dataTypeID: number;
}

/** Rows as PostgreSQL wrote them (TextStatement), with their columns. */
export interface TextRows {
  columns: Column[];
  rows: (string | null)[][];
}

/** The connection of a store's database, for a statement of that store only. */
const clientOf = (db: TenantDb, statement: Statement) => {
  if (statement.tenantId !== db.tenantId) throw new Error('a statement of another store');
  const client = (db.handle as { $client?: pg.Pool | EmbeddedClient }).$client;
  if (!client) throw new Error('a prepared read runs on the database itself, not in a transaction');
  return client;
};

/**
 * Runs a statement on the database (not in a transaction) and answers its rows: on PostgreSQL
 * as a named prepared statement, which PostgreSQL then plans once for all calls; on PGlite as
 * it is.
 */
export async function readRows<T>(db: TenantDb, statement: Statement): Promise<T[]> {
  const client = clientOf(db, statement);
  const { rows } =
    client instanceof pg.Pool
      ? await client.query(statement)
      : await client.query(statement.text, statement.values);
  return rows as T[];
}

/** Runs a TextStatement like readRows, answering its rows as PostgreSQL wrote them. */
export async function readTextRows(db: TenantDb, statement: TextStatement): Promise<TextRows> {
  const client = clientOf(db, statement);
  const { rows, fields } =
    client instanceof pg.Pool
      ? await client.query<(string | null)[]>(statement)
      : await client.query(statement.text, statement.values, PGLITE_AS_WRITTEN);
  return { columns: fields, rows: rows as (string | null)[][] };
}
