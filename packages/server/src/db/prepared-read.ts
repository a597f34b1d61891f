import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/** A query as node-postgres sends it: a named one is parsed once per connection. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
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
export function statementTemplate(query: SQL): (values: Record<string, unknown>) => Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = named < MAX_NAMED ? `read_${createHash('sha1').update(text).digest('base64url')}` : undefined;
  if (name) named += 1;
  return (values) => {
    const filled = fillPlaceholders(params, values);
    return name ? { name, text, values: filled } : { text, values: filled };
  };
}

/** PGlite's query call, the one the embedded database is read with. */
interface EmbeddedClient {
  query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
}

/**
 * Runs a statement on the database (not in a transaction) and answers its rows: on PostgreSQL
 * as a named prepared statement, which PostgreSQL then plans once for all calls; on PGlite as
 * it is.
 */
export async function readRows<T>(db: Db, statement: Statement): Promise<T[]> {
  const client = (db as { $client?: pg.Pool | EmbeddedClient }).$client;
  if (!client) throw new Error('readRows runs on the database itself, not in a transaction');
  const { rows } =
    client instanceof pg.Pool
      ? await client.query(statement)
      : await client.query(statement.text, statement.values);
  return rows as T[];
}
