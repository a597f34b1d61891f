// Fills a PostgreSQL database (migrated by the server) with benchmark stores and cases, in SQL
// run by the database itself (generate_series), so a million cases load in minutes.
import pg from 'pg';
import { hashPassword } from '../../packages/server/src/modules/auth/passwords';
import { FIRST_NAMES, LAST_NAMES } from '../../packages/server/src/seed/demo-case-data';

/** Every bench user's password (as the demo's). */
export const BENCH_PASSWORD = 'Demo-1234!';

export interface GenerateOptions {
  cases: number;
  stores: number;
}

export const benchStore = (n: number) => `bench-${String(n).padStart(3, '0')}`;
export const benchAdmin = (n: number) => `admin@${benchStore(n)}.test`;

// The demo seed's names, so benchmark customers read like the demo's (and "hans" finds Hansen).
const FIRST = [...FIRST_NAMES];
const LAST = [...LAST_NAMES];
const PRODUCTS = [
  'Espressomaskin',
  'Støvsuger',
  'Kaffekvern',
  'Vannkoker',
  'Brødrister',
  'Hodetelefoner',
  'Mikrobølgeovn',
  'Stavmikser',
  'Blender',
  'Hårføner',
  'Strykejern',
  'Robotstøvsuger',
];
const CLAIM_STATUSES = ['new', 'in-progress', 'waiting-supplier', 'waiting-customer', 'resolved', 'rejected'];
const SUPPORT_STATUSES = ['new', 'in-progress', 'waiting-customer', 'resolved'];

const arr = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
// A number from 0 to modulo - 1 by a hash of the row number, the same on every run; each use
// has a salt of its own, so that the values drawn do not go together.
const rowHash = (salt: number, modulo: number) => `(abs(hashint4(g + ${salt})) % ${modulo})`;
// Picks a value from an array by rowHash.
const pick = (values: string[], salt: number) => `(${arr(values)})[1 + ${rowHash(salt, values.length)}]`;

/** A name as the local part of an address, folded to ASCII as the demo seed does ("Åse Ødegård" → "ase.odegard"). */
const asciiEmailPart = (name: string) =>
  `regexp_replace(replace(replace(replace(replace(lower(${name}), 'æ', 'ae'), 'ø', 'o'), 'å', 'a'), ' ', '.'), '[^a-z.]', '', 'g')`;

/**
 * Whether the database holds the benchmark data already, in its present shape (loading it again
 * takes minutes): the number of cases, and both workflows in the first store.
 */
export async function isGenerated(client: pg.Client, options: GenerateOptions): Promise<boolean> {
  const { rows } = await client.query<{ n: string; workflows: number }>(
    `SELECT count(*)::text AS n,
       (SELECT count(DISTINCT work_flow)::int FROM cases WHERE tenant_id = $1) AS workflows
     FROM cases WHERE tenant_id LIKE 'bench-%'`,
    [benchStore(1)],
  );
  return Number(rows[0]?.n) === options.cases && rows[0]?.workflows === 2;
}

export async function generate(
  client: pg.Client,
  options: GenerateOptions,
  log: (line: string) => void,
): Promise<void> {
  const { cases, stores } = options;
  // Hashed here, not copied from the demo store's admin: a PostgreSQL database has no demo data.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await client.query(sql, params);
    log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  // Every tenant table's bench rows, whatever later benchmarks added to these stores (users,
  // mailboxes, mails, costs, answers): with the foreign-key triggers off for this session, so the
  // order of the tables does not matter (the bench connects as a superuser).
  await step(
    'clear earlier benchmark data',
    `
    SET session_replication_role = replica;
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
      LOOP
        EXECUTE format('DELETE FROM %I WHERE tenant_id LIKE %L', t, 'bench-%');
      END LOOP;
    END $$;
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND tb.table_type = 'BASE TABLE'
          AND c.table_name <> 'stores'
      LOOP
        EXECUTE format('DELETE FROM %I WHERE company_id IN (SELECT id FROM companies WHERE name LIKE %L)',
          t, 'Bench Company %');
      END LOOP;
    END $$;
    DELETE FROM companies WHERE name LIKE 'Bench Company %';
    SET session_replication_role = DEFAULT;`,
  );
  await step(
    `${stores} stores in ${Math.ceil(stores / 10)} companies, an administrator each`,
    `
    INSERT INTO companies (name) SELECT 'Bench Company ' || c FROM generate_series(1, ${Math.ceil(stores / 10)}) c;
    INSERT INTO stores (tenant_id, company_id, display_name)
      SELECT 'bench-' || lpad(s::text, 3, '0'), (SELECT id FROM companies WHERE name = 'Bench Company ' || ((s - 1) / 10 + 1)), 'Bench Store ' || s
      FROM generate_series(1, ${stores}) s;
    INSERT INTO account_directory (email, tenant_id)
      SELECT 'admin@bench-' || lpad(s::text, 3, '0') || '.test', 'bench-' || lpad(s::text, 3, '0') FROM generate_series(1, ${stores}) s;
    INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, roles)
      SELECT 'bench-' || lpad(s::text, 3, '0'), 'admin@bench-' || lpad(s::text, 3, '0') || '.test',
        '${passwordHash}', 'Bench', 'Admin ' || s, '{ADMIN_USER}'
      FROM generate_series(1, ${stores}) s;
    INSERT INTO item_types (tenant_id, key, names)
      SELECT 'bench-' || lpad(s::text, 3, '0'), 'type-' || t, jsonb_build_object('en', 'Type ' || t, 'nr', 'Type ' || t)
      FROM generate_series(1, ${stores}) s, generate_series(1, 10) t;`,
  );
  // Row g belongs to store 1 + (g-1) % stores and is that store's case number 1 + (g-1) / stores.
  const tenant = `'bench-' || lpad((1 + (g - 1) % ${stores})::text, 3, '0')`;
  const caseNumber = `(1 + (g - 1) / ${stores})`;
  // One case in five is a support case, in every store (by a hash of the row, not its number:
  // `g % 5` with 100 stores made stores 5, 10, … support-only and the rest claim-only).
  const isSupport = `(${rowHash(10, 5)} = 0)`;
  const customer = `${pick(FIRST, 1)} || ' ' || ${pick(LAST, 2)}`;
  const product = pick(PRODUCTS, 3);
  await step(
    `${cases.toLocaleString('en')} cases`,
    `
    INSERT INTO cases (tenant_id, case_number, work_flow, is_archived, status, assignee, customer_name, customer_email,
      customer_phone, order_reference, purchase_date, description, items_summary, created_by, created_at, updated_at, search)
    SELECT tenant, num, wf, archived, status, assignee, customer, email, phone, ord, created::date - 10, descr, product, assignee,
      created, created + ${rowHash(9, 72)} * interval '1 hour',
      case_search_vector(tenant, concat_ws(' ', num::text, customer, email, phone, ord, descr, product))
    FROM (
      SELECT g, ${tenant} AS tenant, ${caseNumber} AS num,
        CASE WHEN ${isSupport} THEN 'support' ELSE 'claim' END AS wf,
        (${rowHash(4, 10)} < 6) AS archived,
        CASE WHEN ${isSupport} THEN ${pick(SUPPORT_STATUSES, 5)} ELSE ${pick(CLAIM_STATUSES, 5)} END AS status,
        'admin@' || ${tenant} || '.test' AS assignee,
        ${customer} AS customer,
        ${asciiEmailPart(customer)} || g || '@example.no' AS email,
        '+47 9' || lpad(${rowHash(6, 10000000)}::text, 7, '0') AS phone,
        'ORD-' || (100000 + g) AS ord,
        ${product} AS product,
        'Kunden melder feil på ' || lower(${product}) || ' etter ' || (1 + ${rowHash(7, 30)}) || ' dager.' AS descr,
        now() - ${rowHash(8, 365 * 24)} * interval '1 hour' AS created
      FROM generate_series(1, ${cases}) g
    ) rows`,
  );
  await step(
    'one item per case',
    `
    INSERT INTO case_items (tenant_id, case_id, position, item_type_id, product_name, sku, quantity)
    SELECT c.tenant_id, c.id, 0, (SELECT id FROM item_types t WHERE t.tenant_id = c.tenant_id AND t.key = 'type-' || (1 + c.case_number % 10)),
      c.items_summary, 'SKU-' || c.id, 1
    FROM cases c WHERE c.tenant_id LIKE 'bench-%'`,
  );
  await step(
    'case counters',
    `
    INSERT INTO case_counters (tenant_id, last_number)
    SELECT tenant_id, max(case_number) FROM cases WHERE tenant_id LIKE 'bench-%' GROUP BY tenant_id`,
  );
  await step('analyze', 'ANALYZE');
}
