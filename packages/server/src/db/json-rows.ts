// Writes rows read as text (prepared-read.ts) straight out as JSON, without parsing them into
// values first. Part of the fast path of the case list and the case read only; other routes
// answer parsed values through their contract's response schema.
import type { Column, TextRows } from './prepared-read';

/** Characters a JSON string may not hold as they are (lone surrogates included). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const jsonString = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

/** PostgreSQL's text of these types is already JSON as it is. */
const JSON_AS_WRITTEN = new Set([20, 21, 23, 114, 3802]); // int8, int2, int4, json, jsonb
const BOOL = 16;
/** timestamp without time zone: the UTC times of utcTimestamp (sql-fragments.ts). */
const UTC_TIMESTAMP = 1114;

/**
 * PostgreSQL's text of a UTC timestamp (utcTimestamp) as the contracts' ISO 8601 with
 * milliseconds: `2026-11-24 05:48:42.74` is `2026-11-24T05:48:42.740Z`. It is the ISO DateStyle,
 * which node-postgres needs as well; the columns keep milliseconds at most. Anything else is
 * refused rather than written out wrong.
 */
export function isoFromUtcText(text: string): string {
  if (text.length < 19 || text.length > 23 || text[10] !== ' ' || text[4] !== '-') {
    throw new Error(`Not a UTC timestamp in the ISO DateStyle with milliseconds: ${text}`);
  }
  const time = text.length === 19 ? `${text.slice(11)}.000` : text.slice(11).padEnd(12, '0');
  return `${text.slice(0, 10)}T${time}Z`;
}

type Writer = (row: (string | null)[]) => string;

const enum Kind {
  AsWritten,
  Bool,
  UtcTime,
  Text,
}

/** A writer of one row as a JSON object, from its columns: each value by its type. */
function rowWriter(columns: Column[]): Writer {
  const keys = columns.map(({ name }, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
  const kinds = columns.map(({ dataTypeID }) =>
    JSON_AS_WRITTEN.has(dataTypeID)
      ? Kind.AsWritten
      : dataTypeID === BOOL
        ? Kind.Bool
        : dataTypeID === UTC_TIMESTAMP
          ? Kind.UtcTime
          : Kind.Text,
  );
  return (row) => {
    let out = '';
    for (let i = 0; i < keys.length; i += 1) {
      const text = row[i];
      const kind = kinds[i];
      out +=
        (keys[i] as string) +
        (text === null || text === undefined
          ? 'null'
          : kind === Kind.AsWritten
            ? text
            : kind === Kind.Bool
              ? text === 't'
                ? 'true'
                : 'false'
              : kind === Kind.UtcTime
                ? `"${isoFromUtcText(text)}"`
                : jsonString(text));
    }
    return `${out}}`;
  };
}

/** Writers by the columns they write (a read has one shape of columns; there are a few reads). */
const writers = new Map<string, Writer>();

/**
 * The first `count` rows of a read (TextStatement) as a JSON array of objects named by their
 * columns: numbers, booleans and JSON documents as values, everything else as strings. What
 * JSON.stringify would write of the parsed rows, without parsing them first; UTC timestamps
 * (utcTimestamp) as ISO 8601.
 */
export function rowsAsJson({ columns, rows }: TextRows, count = rows.length): string {
  const shape = columns.map((c) => `${c.name}:${c.dataTypeID}`).join(',');
  let write = writers.get(shape);
  if (!write) writers.set(shape, (write = rowWriter(columns)));
  let out = '[';
  for (let i = 0; i < Math.min(count, rows.length); i += 1) {
    if (i > 0) out += ',';
    out += write(rows[i] as (string | null)[]);
  }
  return `${out}]`;
}
