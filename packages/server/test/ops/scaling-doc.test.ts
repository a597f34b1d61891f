/**
 * docs/scaling.md (how the schema distributes with Citus by tenant_id) checked against the
 * migrations: every table they create is classified there; each distributed table has tenant_id
 * in its primary key; and every unique constraint or index of a distributed table includes
 * tenant_id, but for the one the document names as the change to make first.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');
const docFile = path.resolve(import.meta.dirname, '../../../../docs/scaling.md');

async function migrationsText(): Promise<string> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return (await Promise.all(files.map((f) => readFile(path.join(migrationsDir, f), 'utf8')))).join('\n');
}

const columnsOf = (list: string) => list.split(',').map((c) => c.trim().replaceAll('"', ''));

it('classifies every table of the migrations, and each distributed one is keyed by tenant_id', async () => {
  const sql = await migrationsText();
  const doc = await readFile(docFile, 'utf8');
  const tables = new Map(
    [...sql.matchAll(/CREATE (?:UNLOGGED )?TABLE "(\w+)" \(([\s\S]*?)\n\);/g)].map((m) => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  );
  const kinds = new Map(
    [...doc.matchAll(/^\| `(\w+)`\s*\| (reference|distributed|local)\s*\|/gm)].map((m) => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  );
  expect([...kinds.keys()].sort()).toEqual([...tables.keys()].sort());

  const distributed = [...kinds].filter(([, kind]) => kind === 'distributed').map(([table]) => table);
  expect(distributed.length).toBeGreaterThan(15);
  for (const table of distributed) {
    const body = tables.get(table) ?? '';
    // A table constraint PRIMARY KEY(...), or a column's own PRIMARY KEY.
    const primaryKey =
      /PRIMARY KEY\(([^)]*)\)/.exec(body)?.[1] ?? /"(\w+)" [^,\n]* PRIMARY KEY/.exec(body)?.[1] ?? '';
    expect(columnsOf(primaryKey), `${table}'s primary key`).toContain('tenant_id');
    // And the SQL in the document distributes it.
    expect(doc).toMatch(new RegExp(`'${table}'`));
  }

  // Unique constraints and indexes still in force, by the table they are on.
  const uniques = new Map<string, { table: string; columns: string[] }>();
  for (const [table, body] of tables)
    for (const m of body.matchAll(/CONSTRAINT "(\w+)" (?:UNIQUE|PRIMARY KEY)\(([^)]*)\)/g))
      uniques.set(m[1] ?? '', { table, columns: columnsOf(m[2] ?? '') });
  for (const m of sql.matchAll(/ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)" UNIQUE\(([^)]*)\)/g))
    uniques.set(m[2] ?? '', { table: m[1] ?? '', columns: columnsOf(m[3] ?? '') });
  for (const m of sql.matchAll(/CREATE UNIQUE INDEX (?:IF NOT EXISTS )?"(\w+)" ON "(\w+)"[^(]*\(([^)]*)\)/g))
    uniques.set(m[1] ?? '', { table: m[2] ?? '', columns: columnsOf(m[3] ?? '') });
  for (const m of sql.matchAll(/DROP (?:CONSTRAINT|INDEX) (?:IF EXISTS )?"(\w+)"/g))
    uniques.delete(m[1] ?? '');
  const withoutTenant = [...uniques]
    .filter(([, u]) => distributed.includes(u.table) && !u.columns.includes('tenant_id'))
    .map(([name, u]) => `${u.table}(${u.columns.join(', ')}) ${name}`);
  expect(withoutTenant.sort()).toEqual([
    'mailboxes(address) mailboxes_address_key',
    'shop_connections(kind, shop) shop_connections_shop_key',
  ]);
  expect(doc).toContain('`mailboxes(address)` is unique across stores');
  expect(doc).toContain('`shop_connections(kind, shop)` is the second');
});
