/** The busiest reads go to PostgreSQL as named prepared statements, a bounded number of them. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedStatement } from '../src/db/prepared-read';

describe('preparedStatement', () => {
  it('names a text the same every time, keeps the values apart, and names no more than 200 texts', () => {
    const first = preparedStatement(sql`SELECT ${1}::int AS n`);
    const again = preparedStatement(sql`SELECT ${2}::int AS n`);
    expect(first.name).toMatch(/^read_/);
    expect(again).toEqual({ name: first.name, text: first.text, values: [2] });
    expect(preparedStatement(sql`SELECT ${1}::int AS m`).name).not.toBe(first.name);

    for (let i = 0; i < 300; i += 1) preparedStatement(sql.raw(`SELECT ${i} AS filler`));
    const late = preparedStatement(sql`SELECT ${3}::text AS late`);
    expect(late).toEqual({ text: late.text, values: [3] });
    expect(late.name).toBeUndefined();
    // A text named before the bound keeps its name.
    expect(preparedStatement(sql`SELECT ${4}::int AS n`).name).toBe(first.name);
  });
});
