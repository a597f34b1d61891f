/** The busiest reads are rendered once and go to PostgreSQL as named statements, a bounded number. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementTemplate } from '../prepared-read';

describe('statementTemplate', () => {
  it('renders once, fills each call’s values, and names no more than 200 texts', () => {
    const read = statementTemplate(
      sql`SELECT ${sql.placeholder('n')}::int AS n, ${sql.placeholder('s')}::text AS s, ${sql.placeholder('n')}::int AS m`,
    );
    const first = read({ n: 1, s: 'a' });
    expect(first.name).toMatch(/^read_/);
    expect(first.text).toBe('SELECT $1::int AS n, $2::text AS s, $3::int AS m');
    expect(first.values).toEqual([1, 'a', 1]);
    expect(read({ n: 2, s: 'b' })).toEqual({ name: first.name, text: first.text, values: [2, 'b', 2] });
    expect(statementTemplate(sql`SELECT 2`)({}).name).not.toBe(first.name);

    for (let i = 0; i < 300; i += 1) statementTemplate(sql.raw(`SELECT ${i} AS filler`));
    const late = statementTemplate(sql`SELECT ${sql.placeholder('v')}::text`)({ v: 'x' });
    expect(late).toEqual({ text: 'SELECT $1::text', values: ['x'] });
    expect(read({ n: 3, s: 'c' }).name).toBe(first.name);
  });
});
