/** The busiest reads are rendered once and go to PostgreSQL as named statements, a bounded number. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readRows, statementTemplate } from '../prepared-read';
import type { TenantDb } from '../tenant-db';

const tenant = sql.placeholder('tenantId');

describe('statementTemplate', () => {
  it('renders once, fills each call’s values, and names no more than 200 texts', () => {
    const read = statementTemplate(
      sql`SELECT ${sql.placeholder('n')}::int AS n, ${sql.placeholder('s')}::text AS s, ${sql.placeholder('n')}::int AS m WHERE ${tenant} <> ''`,
    );
    const first = read({ n: 1, s: 'a', tenantId: 'north' });
    expect(first.name).toMatch(/^read_/);
    expect(first.text).toBe("SELECT $1::int AS n, $2::text AS s, $3::int AS m WHERE $4 <> ''");
    expect(first.values).toEqual([1, 'a', 1, 'north']);
    expect(read({ n: 2, s: 'b', tenantId: 'north' })).toEqual({
      name: first.name,
      text: first.text,
      values: [2, 'b', 2, 'north'],
      tenantId: 'north',
    });
    expect(statementTemplate(sql`SELECT ${tenant}`)({ tenantId: 'x' }).name).not.toBe(first.name);

    for (let i = 0; i < 300; i += 1)
      statementTemplate(sql.raw(`SELECT ${i} AS filler WHERE `).append(sql`${tenant} <> ''`));
    const late = statementTemplate(sql`SELECT ${sql.placeholder('v')}::text, ${tenant}`)({
      v: 'x',
      tenantId: 't',
    });
    expect(late).toEqual({ text: 'SELECT $1::text, $2', values: ['x', 't'], tenantId: 't' });
    expect(read({ n: 3, s: 'c', tenantId: 'north' }).name).toBe(first.name);
  });

  it('refuses a template that does not bind the store', () => {
    expect(() => statementTemplate(sql`SELECT ${sql.placeholder('n')}::int`)).toThrow(/tenantId placeholder/);
  });

  it('runs a statement only on its own store’s database', async () => {
    const statement = statementTemplate(sql`SELECT ${tenant}::text AS t`)({ tenantId: 'north' });
    const south = { tenantId: 'south', handle: {} } as unknown as TenantDb;
    await expect(readRows(south, statement)).rejects.toThrow(/another store/);
  });
});
