// Issue 25's third figure: the CSV export of 1,000,000 cases through the API (GET
// /v2/api/exports/cases, the whole open list of one store) in rows per second, with the server
// process's resident memory before and at its peak during the export (sampled from /proc every
// 20 ms). An export streams its rows in keyset batches, so the peak should stay near the idle
// figure however many rows go out. Measured as a client reads it plainly and as a browser does
// (brotli, which the server applies to every answer a browser asks it for).
// The peak is the process's resident memory, which V8 lets grow with garbage between collections
// (and does not hand back at once): checked apart with --expose-gc, four exports of the million
// rows in one process left the heap at 67 MB after a collection each time, so nothing is kept.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import { BENCH_PASSWORD, CSV_ADMIN, CSV_STORE, generateCsvData, hasCsvData } from './lib/csv-data';
import { residentMb, startProcess } from './lib/processes';
import { ensureBenchDatabase } from './lib/bench-database';

const CASES = Number(process.env.BENCH_CSV_CASES ?? 1_000_000);
const DATABASE = 'claimdesk_bench_csv';
const root = path.resolve(import.meta.dirname, '..');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    '\nCSV export benchmark: skipped (set DATABASE_URL to a PostgreSQL server; it creates its own database)',
  );
  process.exit(0);
}
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${DATABASE}`;

async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-csv-'));
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      MAIL_WORKERS: 'false',
      DATABASE_URL: dbUrl.toString(),
    },
    /running at (http:\/\/[\d.:]+)/,
    30 * 60_000,
  );
  return {
    ...server,
    close: async () => (await server.stop(), await rm(dataDir, { recursive: true, force: true })),
  };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': CSV_STORE,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: CSV_ADMIN, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Export {
  seconds: number;
  firstByteMs: number;
  bytes: number;
  lines: number;
  idleMb: number;
  peakMb: number;
}

/** Downloads the whole list once, counting bytes and line ends, sampling the server's memory. */
async function exportOnce(
  url: string,
  token: string,
  pid: number,
  encoding: 'identity' | 'br',
  sort: 'updatedAt' | 'caseNumber',
): Promise<Export> {
  const idleMb = await residentMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    residentMb(pid).then(
      (mb) => (peakMb = Math.max(peakMb, mb)),
      () => undefined,
    );
  }, 20);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  await new Promise<void>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    http
      .get(
        {
          host: hostname,
          port,
          path: `/v2/api/exports/cases?type=open&workFlow=claim&sort=${sort}&language=nr&timeZone=Europe/Oslo`,
          headers: {
            authorization: `Bearer ${token}`,
            'x-tenant-id': CSV_STORE,
            'accept-encoding': encoding,
          },
        },
        (response) => {
          if (response.statusCode !== 200)
            reject(new Error(`export answered ${String(response.statusCode)}`));
          const body = encoding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : response;
          response.once('data', () => (firstByteMs = performance.now() - started));
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          body.on('data', (chunk: Buffer) => {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          });
          body.on('end', resolve);
          body.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakMb = Math.max(peakMb, await residentMb(pid));
  return { seconds, firstByteMs, bytes, lines, idleMb, peakMb };
}

async function main() {
  await ensureBenchDatabase(serverUrl, DATABASE);
  console.log(`\nCSV export benchmark on PostgreSQL (${CASES.toLocaleString('en')} cases in one store)`);
  let server = await startServer(); // migrates the database
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  if (await hasCsvData(client, CASES)) {
    console.log('  the data is there from an earlier run');
  } else {
    await server.close();
    await generateCsvData(client, CASES, console.log);
    server = await startServer();
  }
  await client.end();
  try {
    const pid = server.child.pid ?? 0;
    const token = await signIn(server.url);
    // The list's default order (last change first) reads the table in index order, which in this
    // data is random against the rows' places on disk; by case number it reads them in place.
    const runs = [
      ['updatedAt', 'identity', "uncompressed, the list's default order (last change first)"],
      ['updatedAt', 'br', 'brotli as a browser asks, the default order'],
      ['caseNumber', 'identity', 'uncompressed, by case number'],
    ] as const;
    for (const [sort, encoding, what] of runs) {
      const run = await exportOnce(server.url, token, pid, encoding, sort);
      const rows = run.lines - 1; // the header
      if (rows !== CASES) throw new Error(`exported ${String(rows)} rows, expected ${String(CASES)}`);
      console.log(
        `  export of ${rows.toLocaleString('en')} rows (${what}): ` +
          `${run.seconds.toFixed(1)} s, ${Math.round(rows / run.seconds).toLocaleString('en')} rows/s, ` +
          `${(run.bytes / 1e6).toFixed(0)} MB sent, first byte after ${run.firstByteMs.toFixed(0)} ms; ` +
          `server memory ${run.idleMb.toFixed(0)} MB before, ${run.peakMb.toFixed(0)} MB at its peak`,
      );
    }
    console.log(
      `  (load average on this machine: ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${String(os.availableParallelism())} cores)`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
