// The CSV export benchmark's data: one store holding every case (an export reads one store's
// list), in a database of its own (claimdesk_bench_csv), so the cases benchmark's 100 stores
// stay as they are. Made in SQL by the database (generate_series), once; later runs reuse it.
import pg from 'pg';
import { hashPassword } from '../../packages/server/src/modules/auth/passwords';
import { FIRST_NAMES, LAST_NAMES } from '../../packages/server/src/seed/demo-case-data';
import { BENCH_PASSWORD } from './cases-generator';

export const CSV_STORE = 'csv-001';
export const CSV_ADMIN = `admin@${CSV_STORE}.test`;
export { BENCH_PASSWORD };

const quoted = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** A number from 0 to modulo - 1 by a hash of the row number, the same on every run. */
const rowHash = (salt: number, modulo: number) => `(abs(hashint4(g + ${salt})) % ${modulo})`;
const pick = (values: readonly string[], salt: number) =>
  `(${quoted(values)})[1 + ${rowHash(salt, values.length)}]`;

/** Whether the store holds `cases` open claims already. */
export async function hasCsvData(client: pg.Client, cases: number): Promise<boolean> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM cases WHERE tenant_id = $1 AND work_flow = 'claim' AND NOT is_archived`,
    [CSV_STORE],
  );
  return Number(rows[0]?.n) === cases;
}

/**
 * One store, its administrator, and `cases` open claims with customers, emails, order references,
 * items, statuses, an assignee, unread mail counts and a year of dates: every column the export
 * writes has a value. No search vectors or item rows: the export reads neither.
 */
export async function generateCsvData(
  client: pg.Client,
  cases: number,
  log: (line: string) => void,
): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await client.query(sql, params);
    log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step(
    'clear earlier data',
    `DELETE FROM cases WHERE tenant_id = '${CSV_STORE}';
     DELETE FROM case_counters WHERE tenant_id = '${CSV_STORE}';
     DELETE FROM users WHERE tenant_id = '${CSV_STORE}';
     DELETE FROM account_directory WHERE tenant_id = '${CSV_STORE}';
     DELETE FROM stores WHERE tenant_id = '${CSV_STORE}';
     DELETE FROM companies WHERE name = 'CSV Bench Company';`,
  );
  await step(
    'the store and its administrator',
    `INSERT INTO companies (name) VALUES ('CSV Bench Company');
     INSERT INTO stores (tenant_id, company_id, display_name, language)
       SELECT '${CSV_STORE}', id, 'CSV Bench Store', 'nr' FROM companies WHERE name = 'CSV Bench Company';
     INSERT INTO account_directory (email, tenant_id) VALUES ('${CSV_ADMIN}', '${CSV_STORE}');
     INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, roles)
       VALUES ('${CSV_STORE}', '${CSV_ADMIN}', '${passwordHash}', 'Bench', 'Admin', '{ADMIN_USER}');`,
  );
  const customer = `${pick(FIRST_NAMES, 1)} || ' ' || ${pick(LAST_NAMES, 2)}`;
  await step(
    `${cases.toLocaleString('en')} open claims in one store`,
    `INSERT INTO cases (tenant_id, case_number, work_flow, status, assignee, customer_name, customer_email,
       order_reference, items_summary, supplier_name, unread_mail_count, created_by, created_at, updated_at)
     SELECT '${CSV_STORE}', g, 'claim', ${pick(['new', 'in-progress', 'waiting-supplier', 'resolved'], 3)},
       '${CSV_ADMIN}', customer, 'kunde' || g || '@example.no', 'ORD-' || (100000 + g),
       ${pick(['Espressomaskin', 'Støvsuger', 'Vannkoker, Brødrister', 'Hodetelefoner'], 4)},
       ${pick(['Elkjøp Grossist AS', 'Nordisk Elektro', 'Hansen & Co'], 5)}, ${rowHash(6, 4)},
       '${CSV_ADMIN}', created, created + ${rowHash(7, 72)} * interval '1 hour'
     FROM (SELECT g, ${customer} AS customer, now() - ${rowHash(8, 365 * 24)} * interval '1 hour' AS created
           FROM generate_series(1, ${cases}) g) rows`,
  );
  await step(
    'case counter',
    `INSERT INTO case_counters (tenant_id, last_number) VALUES ('${CSV_STORE}', ${cases})`,
  );
  await step('vacuum and analyze', 'VACUUM (ANALYZE) cases');
}
