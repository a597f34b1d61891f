// Issue 25's second speed figure: the /reports calls (mail, cases, suppliers over the last 12
// months) on 1,000,000 cases across 100 stores, through the API next to their own SQL sent
// straight through pg at the same concurrency (the ceiling), as a ratio (target: at least 50%).
// The SQL side sends, per call, the very statements the API's repository runs, rendered from the
// server's own builders (report-statements.ts) with the same parameters, in parallel as the
// repository does. It also prints each statement's plan summary (EXPLAIN ANALYZE) on one store.
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { renderSql } from '../packages/server/src/db/sql-fragments';
import { storeFilter, type StoreFilter } from '../packages/server/src/db/tenant-db';
import { reportRange, type ReportRange } from '../packages/server/src/modules/reports/report-period';
import {
  caseBucketsSql,
  firstAnswerSql,
  mailboxNamesSql,
  mailBucketsSql,
  openByStatusSql,
  resolutionSql,
  supplierFiguresSql,
} from '../packages/server/src/modules/reports/report-statements';
import { benchAdmin, benchStore, generate, isGenerated } from './lib/cases-generator';
import { formatLoad, inTurns, measure, measureCalls, type Measured } from './lib/load';
import { startProcess } from './lib/processes';
import { generateReportsData, hasReportsData } from './lib/reports-data';
import { ensureBenchDatabase } from './lib/bench-database';

const CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STORES_IN_LOAD = 10;
const PRERENDERED_REQUESTS = 200;
const POOL_SIZE = 2 * os.availableParallelism();
const root = path.resolve(import.meta.dirname, '..');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('\nreports benchmark: skipped (set DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const dbUrl = new URL(serverUrl);
dbUrl.pathname = '/claimdesk_bench_cases';

async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-'));
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      MAIL_WORKERS: 'false',
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
    },
    /running at (http:\/\/[\d.:]+)/,
    30 * 60_000,
  );
  return {
    ...server,
    close: async () => (await server.stop(), await rm(dataDir, { recursive: true, force: true })),
  };
}

async function signIn(url: string, store: number) {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': benchStore(store),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: benchAdmin(store),
      password: 'Demo-1234!',
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

type Build = (store: StoreFilter, r: ReportRange) => SQL;
/** A statement as the repository sends it: drizzle's rendering, the store's id its first value. */
const statement = (build: Build, tenantId: string, r: ReportRange) => {
  const { sql: text, params } = renderSql(build(storeFilter(tenantId), r));
  return { text, values: params };
};

async function explain(client: pg.Client, name: string, build: Build, tenantId: string, r: ReportRange) {
  const { text, values } = statement(build, tenantId, r);
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  const plan = rows.map((row) => row['QUERY PLAN']);
  const indexes = [
    ...new Set(
      plan.flatMap(
        (l) =>
          /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/.exec(l)?.[1] ??
          [],
      ),
    ),
  ];
  const seqScans = [...new Set(plan.flatMap((l) => /Seq Scan on (\S+)/.exec(l)?.[1] ?? []))];
  const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  console.log(
    `  ${name.padEnd(22)} ${time.padStart(12)}   indexes: ${indexes.join(', ') || '–'}${seqScans.length ? `   seq scans: ${seqScans.join(', ')}` : ''}`,
  );
}

async function main() {
  await ensureBenchDatabase(serverUrl, 'claimdesk_bench_cases');
  console.log(
    `\nReports benchmark on PostgreSQL (${CASES.toLocaleString('en')} cases across ${STORES} stores)`,
  );
  let server = await startServer(); // migrates the database
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  if (!(await isGenerated(client, { cases: CASES, stores: STORES }))) {
    await server.close();
    await generate(client, { cases: CASES, stores: STORES }, console.log);
    server = await startServer();
  }
  const storeNumbers = Array.from(
    { length: STORES_IN_LOAD },
    (_, i) => 1 + Math.floor((i * STORES) / STORES_IN_LOAD),
  );
  const tenants = storeNumbers.map(benchStore);
  if (await hasReportsData(client, tenants)) {
    console.log(
      `  the reports data of the ${STORES_IN_LOAD} stores in the load is there from an earlier run`,
    );
  } else {
    console.log(`  reports data for the ${STORES_IN_LOAD} stores in the load:`);
    await generateReportsData(client, tenants, console.log);
  }
  await client.query(
    'VACUUM (ANALYZE) cases, case_costs, case_credit_notes, case_recovery, supplier_answers, mail_logs, suppliers, mailboxes',
  );
  await client.query('CHECKPOINT').catch(() => undefined);

  // The last 12 months, by month, cases by their created date: the screen's first view.
  const range = reportRange({});
  const query = `from=${range.from}&to=${range.to}&interval=month&basis=created`;
  const { rows: sizes } = await client.query<{ cases: number; mails: number }>(
    `SELECT (SELECT count(*)::int FROM cases WHERE tenant_id = $1) AS cases,
       (SELECT count(*)::int FROM mail_logs WHERE tenant_id = $1) AS mails`,
    [tenants[0]],
  );
  console.log(
    `  one store: ${sizes[0]?.cases.toLocaleString('en')} cases, ${sizes[0]?.mails.toLocaleString('en')} mails; period ${range.from} to ${range.to}`,
  );
  console.log('\nplans on one store (EXPLAIN ANALYZE, a second run so the cache is warm)');
  const calls: { name: string; path: string; builds: [string, Build][] }[] = [
    {
      name: 'mail report',
      path: `/v2/api/reports/mails?${query}`,
      builds: [
        ['mail per bucket', mailBucketsSql],
        ['first answer', firstAnswerSql],
        ['mailbox names', (t) => mailboxNamesSql(t)],
      ],
    },
    {
      name: 'case report',
      path: `/v2/api/reports/cases?${query}`,
      builds: [
        ['cases per bucket', caseBucketsSql],
        ['open by status', openByStatusSql],
        ['resolution', resolutionSql],
      ],
    },
    {
      name: 'supplier report',
      path: `/v2/api/reports/suppliers?${query}`,
      builds: [['supplier figures', supplierFiguresSql]],
    },
  ];
  for (const call of calls) {
    for (const [name, build] of call.builds) {
      const { text, values } = statement(build, tenants[0] ?? '', range);
      await client.query(text, values);
      await explain(client, name, build, tenants[0] ?? '', range);
    }
  }
  await client.end();

  const sessions = await Promise.all(
    storeNumbers.map(async (n) => ({ tenant: benchStore(n), token: await signIn(server.url, n) })),
  );
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL_SIZE });
  const results: { name: string; api: Measured; sql: Measured }[] = [];
  for (const call of calls) {
    const requests = Array.from({ length: PRERENDERED_REQUESTS }, () => {
      const s = pick(sessions);
      return {
        path: call.path,
        headers: { authorization: `Bearer ${s.token}`, 'x-tenant-id': s.tenant, cookie: 'XSRF-TOKEN=bench' },
      };
    });
    const rendered = tenants.map((tenant) => call.builds.map(([, build]) => statement(build, tenant, range)));
    const [api, ceiling] = await inTurns(ROUNDS, [
      (warmUp) => measure(server.url, { connections: CONNECTIONS, seconds: SECONDS, warmUp, requests }),
      (warmUp) =>
        measureCalls({
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmUp,
          call: () => Promise.all(pick(rendered).map((s) => pool.query(s))),
        }),
    ]);
    results.push({ name: call.name, api, sql: ceiling });
  }
  await pool.end();
  await server.close();

  console.log(
    `\n${CONNECTIONS} connections, ${POOL_SIZE} to PostgreSQL; ${STORES_IN_LOAD} stores; the API and its SQL in turn, ${ROUNDS} rounds of ${SECONDS} s each, the median round shown`,
  );
  console.log('target: API at least 50% of its SQL');
  for (const r of results) {
    console.log(`\n${r.name}`);
    console.log(formatLoad('  API', r.api));
    console.log(formatLoad('  same SQL through pg (ceiling)', r.sql));
    console.log(`  ratio: API ${((r.api.rps / r.sql.rps) * 100).toFixed(0)}% of the ceiling`);
  }
}

await main();
