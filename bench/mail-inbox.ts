// Issue 21's figures: 1,000,000 mails across 100 stores on PostgreSQL, 100,000 of them in one
// store. For that store, at 50 connections: the inbox's first page, a search, the unmapped inbox
// and its page's suggestions, each through the API, behind a bare node:http server running the
// same repository functions (the floor, http-floor-server.ts), and as those functions called in
// this process on a drizzle node-postgres pool (the ceiling: the SQL plus drizzle's mapping).
// Then a 500-mail thread opened in Chromium (lib/mail-thread-browser.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ZListMailsQuery,
  ZListUnmappedMailsQuery,
  type TListMailsQuery,
  type TListUnmappedMailsQuery,
} from '@claimdesk/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db } from '../packages/server/src/db/client';
import { forTenant } from '../packages/server/src/db/tenant-db';
import { createLocalFileStorage } from '../packages/server/src/lib/file-storage';
import { listUnmappedMails } from '../packages/server/src/modules/mail/reading/triage/unmapped-list.repository';
import { listInboxMails } from '../packages/server/src/modules/mail/reading/triage/inbox.repository';
import { suggestionsFor } from '../packages/server/src/modules/mail/reading/triage/suggestions.repository';
import { seedDemo } from '../packages/server/src/seed/demo-seed';
import { formatLoad, inTurns, measure, measureCalls, type Measured } from './lib/load';
import {
  benchAdmin,
  benchStore,
  generate,
  isGenerated,
  type MailGenerateOptions,
} from './lib/mail-inbox-generator';
import { ensureThreadCase, measureThread } from './lib/mail-thread-browser';
import { startProcess } from './lib/processes';
import { ensureBenchDatabase } from './lib/bench-database';

const DB_NAME = 'claimdesk_bench_mail';
const SIZE: MailGenerateOptions = {
  mails: Number(process.env.BENCH_MAILS ?? 1_000_000),
  stores: Number(process.env.BENCH_MAIL_STORES ?? 100),
  bigStoreMails: Number(process.env.BENCH_BIG_STORE_MAILS ?? 100_000),
  bigStoreCases: 5_000,
};
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL_SIZE = 2 * os.availableParallelism();
/** A word of many mails' subjects and texts ("reklamasjon", "reklamere", …), searched as a prefix. */
const SEARCH_WORD = 'rekla';
const API_OF_SQL = 0.5;
const API_OF_BARE = 0.85;
const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'packages/web/dist');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    '\nmail inbox benchmark: skipped (set DATABASE_URL to a PostgreSQL server; it creates its own database there)',
  );
  process.exit(0);
}
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${DB_NAME}`;

/** Migrates through the app (openDatabase) and seeds the demo stores (their users sign in here). */
async function migrateAndSeed(dataDir: string) {
  const database = await openDatabase({ url: dbUrl.toString(), dataDir, poolSize: 2 });
  try {
    await seedDemo(database.db, createLocalFileStorage(path.join(dataDir, 'files')));
  } finally {
    await database.close();
  }
}

const startServer = (dataDir: string) =>
  startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      MAIL_WORKERS: 'false',
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WEB_DIST: webDist,
    },
    /running at (http:\/\/[\d.:]+)/,
  );

const startFloor = () =>
  startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'http-floor-server.ts')],
    { DATABASE_URL: dbUrl.toString(), DATABASE_POOL_SIZE: String(POOL_SIZE) },
    /running at (http:\/\/[\d.:]+)/,
  );

async function signIn(url: string) {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': benchStore(1),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: benchAdmin(1), password: 'Demo-1234!' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Every statement a call sends, as drizzle renders it, with the big store's parameters. */
async function capture(pool: pg.Pool, call: (db: Db) => Promise<unknown>) {
  const sent: { text: string; values: unknown[] }[] = [];
  const logger = { logQuery: (text: string, values: unknown[]) => sent.push({ text, values }) };
  await call(drizzle(pool, { logger }) as unknown as Db);
  return sent;
}

/** Each statement's execution time on the big store (EXPLAIN ANALYZE), its plan when BENCH_EXPLAIN is set. */
async function explain(pool: pg.Pool, call: (db: Db) => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  for (const [i, s] of (await capture(pool, call)).entries()) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
      values: s.values,
    });
    const plan = rows.map((r) => r['QUERY PLAN']);
    const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
    lines.push(
      `    statement ${i + 1}: ${time} in PostgreSQL (${s.text.slice(0, 60).replace(/\s+/g, ' ')}…)`,
    );
    if (process.env.BENCH_EXPLAIN) lines.push(...plan.map((l) => `      ${l}`));
  }
  return lines;
}

type Result = { name: string; api: Measured; floor: Measured; sql: Measured; plan: string[] };

function printResults(results: Result[]) {
  console.log(
    `\n${CONNECTIONS} connections, ${POOL_SIZE} to PostgreSQL; the API, its floor and its ceiling in turn, ${ROUNDS} rounds of ${SECONDS} s each, the median round shown`,
  );
  console.log(
    `the ceiling: the repository functions (listInboxMails, listUnmappedMails, suggestionsFor) called in this process with forTenant on a drizzle node-postgres pool`,
  );
  console.log(
    `targets: API at least ${API_OF_SQL * 100}% of the ceiling and ${API_OF_BARE * 100}% of the floor`,
  );
  const verdict = (ratio: number, target: number) =>
    `${(ratio * 100).toFixed(0)}% ${ratio >= target ? 'PASS' : 'BELOW'}`;
  for (const r of results) {
    console.log(`\n${r.name}`);
    console.log(formatLoad('  API', r.api));
    console.log(formatLoad('  same functions behind bare node:http (floor)', r.floor));
    console.log(formatLoad('  same functions through pg (ceiling)', r.sql));
    console.log(
      `  ratios: API/SQL ${verdict(r.api.rps / r.sql.rps, API_OF_SQL)}, API/bare ${verdict(r.api.rps / r.floor.rps, API_OF_BARE)}`,
    );
    console.log('  on the big store, alone:');
    for (const line of r.plan) console.log(line);
  }
}

async function main() {
  await ensureBenchDatabase(serverUrl, DB_NAME);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-mail-'));
  console.log(
    `\nMail inbox benchmark on PostgreSQL (${SIZE.mails.toLocaleString('en')} mails across ${SIZE.stores} stores, ${SIZE.bigStoreMails.toLocaleString('en')} in ${benchStore(1)})`,
  );
  await migrateAndSeed(dataDir);
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  if (await isGenerated(client, SIZE)) {
    console.log('  the data is there from an earlier run');
  } else {
    const started = Date.now();
    await generate(client, SIZE, console.log);
    await client.query('VACUUM (ANALYZE) mail_logs, mail_attachments, cases');
    console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const thread = await ensureThreadCase(client);
  await client.query('CHECKPOINT').catch(() => undefined);
  const tenant = benchStore(1);
  const { rows: counts } = await client.query<{ mails: string; unmapped: string; matches: string }>(
    `SELECT count(*)::text AS mails, count(*) FILTER (WHERE case_id IS NULL AND NOT is_deleted)::text AS unmapped,
       count(*) FILTER (WHERE search @@ case_search_query($1, $2))::text AS matches
     FROM mail_logs WHERE tenant_id = $1`,
    [tenant, SEARCH_WORD],
  );
  await client.end();
  const c = counts[0];
  console.log(
    `  ${tenant}: ${Number(c?.mails).toLocaleString('en')} mails, ${Number(c?.unmapped).toLocaleString('en')} unmapped, "${SEARCH_WORD}" matches ${Number(c?.matches).toLocaleString('en')}`,
  );

  const server = await startServer(dataDir);
  const floor = await startFloor();
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL_SIZE });
  const store = forTenant(drizzle(pool) as unknown as Db, tenant);
  const headers = { authorization: `Bearer ${await signIn(server.url)}`, 'x-tenant-id': tenant };
  const unmappedQuery: TListUnmappedMailsQuery = ZListUnmappedMailsQuery.parse({ type: 'inbox' });
  const ids = (await listUnmappedMails(store, unmappedQuery)).items.map((m) => m.id);
  const inbox = (q: Record<string, string>): TListMailsQuery => ZListMailsQuery.parse(q);
  const calls: { name: string; path: string; call: (db: Db) => Promise<unknown> }[] = [
    {
      name: 'inbox, first page of 50',
      path: '/v2/api/messages/mail',
      call: (db) => listInboxMails(forTenant(db, tenant), inbox({}), benchAdmin(1)),
    },
    {
      name: `inbox search "${SEARCH_WORD}"`,
      path: `/v2/api/messages/mail?search=${SEARCH_WORD}`,
      call: (db) => listInboxMails(forTenant(db, tenant), inbox({ search: SEARCH_WORD }), benchAdmin(1)),
    },
    {
      name: 'unmapped inbox, first page of 50',
      path: '/v2/api/unmapped-mails?type=inbox',
      call: (db) => listUnmappedMails(forTenant(db, tenant), unmappedQuery),
    },
    {
      name: `suggestions for that page (${ids.length} mails)`,
      path: `/v2/api/unmapped-mails/suggestions?ids=${ids.join(',')}`,
      call: (db) => suggestionsFor(forTenant(db, tenant), ids),
    },
  ];
  const suggested = (await suggestionsFor(store, ids)) as Record<string, unknown[]>;
  console.log(
    `  suggestions found for ${Object.values(suggested).filter((s) => s.length > 0).length} of the page's ${ids.length} unmapped mails`,
  );
  const db = drizzle(pool) as unknown as Db;
  const results: Result[] = [];
  try {
    for (const call of calls) {
      const requests = [{ path: call.path, headers }];
      const [api, bare, sql] = await inTurns(ROUNDS, [
        (warmUp) => measure(server.url, { connections: CONNECTIONS, seconds: SECONDS, warmUp, requests }),
        (warmUp) => measure(floor.url, { connections: CONNECTIONS, seconds: SECONDS, warmUp, requests }),
        (warmUp) =>
          measureCalls({ connections: CONNECTIONS, seconds: SECONDS, warmUp, call: () => call.call(db) }),
      ]);
      results.push({ name: call.name, api, floor: bare, sql, plan: await explain(pool, call.call) });
    }
    printResults(results);
    await measureThread(server.url, thread, webDist);
  } finally {
    await pool.end();
    await floor.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
