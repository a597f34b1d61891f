// Small SQL pieces shared by the fast-path reads (prepared-read.ts) and by repositories that write
// SQL by hand: rendering, select lists rendered once, times in the contracts' format. Plain
// drizzle needs none of them.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** Renders drizzle SQL to PostgreSQL text and its parameters (placeholders left as such). */
export const renderSql = (fragment: SQL) => dialect.sqlToQuery(fragment);

/**
 * A fragment without parameters (a select list, say), rendered to SQL text once. The busiest
 * reads use it: drizzle would otherwise walk every column of the fragment again on each call.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = renderSql(fragment);
  if (params.length > 0) throw new Error('renderedOnce takes a fragment without parameters');
  return sql.raw(text);
}

/**
 * A time as the contracts write it, ISO 8601 in UTC with milliseconds (the columns keep ms), for
 * JSON that PostgreSQL writes (a case read). For rows that json-rows.ts writes, utcTimestamp.
 */
export const isoTime = (column: AnyPgColumn): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A time of a row that json-rows.ts writes out: as PostgreSQL writes it in UTC
 * (`2026-11-24 05:48:42.74`), which rowsAsJson turns into the contracts' ISO 8601. to_char
 * (isoTime) cost about 0.9 µs a value: 95 µs of a list page's 0.5 ms round trip for its 102 times.
 */
export const utcTimestamp = (column: AnyPgColumn): SQL => sql`(${column} AT TIME ZONE 'UTC')`;

/** A select list of each value under its name (the contracts' names): `value AS "name", ...`. */
export const namedSelectList = (fields: Record<string, SQL | AnyPgColumn>): SQL =>
  sql.join(
    Object.entries(fields).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );
