// Issue 2's figures: the authenticated GET /v2/api/stores/setting against a bare Fastify JSON
// route at 50 connections, and the server's resident memory after start on PGlite with demo data.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatLoad, inTurns, measure } from './lib/load';
import { residentMb, startProcess } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
// One process per server (node with the tsx loader), so its pid is the server's own.
const node = process.execPath;
const withTsx = (file: string) => ['--import', 'tsx', file];
const serverMain = path.join(root, 'packages/server/src/main.ts');
const READY = /running at (http:\/\/[\d.:]+)/;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// The two routes are measured in turn, this many times each (lib/load.ts: inTurns).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function startClaimdesk(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-'));
  const server = await startProcess(
    node,
    withTsx(serverMain),
    { DATA_DIR: dataDir, PORT: '0', INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn', ...env },
    READY,
  );
  return { ...server, dataDir };
}

async function signIn(url: string) {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': 'demo-store',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin@demo-store.test',
      password: 'Demo-1234!',
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function memoryOnPglite() {
  const server = await startClaimdesk({});
  await new Promise((r) => setTimeout(r, 2000));
  const mb = await residentMb(server.child.pid ?? 0);
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
  return mb;
}

async function throughput() {
  const dbUrl = process.env.DATABASE_URL;
  // Both servers run throughout; the idle one costs nothing while the other is measured.
  const bare = await startProcess(
    node,
    withTsx(path.join(import.meta.dirname, 'bare-server.ts')),
    {},
    /listening at (http:\/\/[\d.:]+)/,
  );
  // The demo store signs in below; on PostgreSQL the demo is seeded only when asked (SEED_DEMO).
  const server = await startClaimdesk(dbUrl ? { DATABASE_URL: dbUrl, SEED_DEMO: 'true' } : {});
  const token = await signIn(server.url);
  const [bareResult, apiResult] = await inTurns(ROUNDS, [
    (warmUp) =>
      measure(bare.url, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmUp,
        requests: [{ path: '/bare' }],
      }),
    (warmUp) =>
      measure(server.url, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmUp,
        requests: [
          {
            path: '/v2/api/stores/setting',
            // A browser carries the anti-forgery cookie it was given on its first call.
            headers: {
              authorization: `Bearer ${token}`,
              'x-tenant-id': 'demo-store',
              cookie: 'XSRF-TOKEN=bench',
            },
          },
        ],
      }),
  ]);
  await bare.stop();
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });

  console.log(
    `\nAPI overhead (${CONNECTIONS} connections, database: ${dbUrl ? 'PostgreSQL' : 'PGlite'}; the two in turn, ${ROUNDS} rounds of ${SECONDS} s each, the median round shown)`,
  );
  console.log(formatLoad('bare Fastify JSON route', bareResult));
  console.log(formatLoad('GET /v2/api/stores/setting (authenticated)', apiResult));
  console.log(
    `ratio: ${((apiResult.rps / bareResult.rps) * 100).toFixed(0)}% of the bare route (target at least 40% on PostgreSQL)`,
  );
}

const mb = await memoryOnPglite();
console.log(
  `\nresident memory after start on PGlite with demo data: ${mb.toFixed(0)} MB (target under 400 MB)`,
);
await throughput();
