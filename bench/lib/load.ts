import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

const WARM_UP_SECONDS = 2;
const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One request of a load, sent as it is: method (GET by default), path, headers and a JSON body. */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** Sent as application/json, with its Content-Length. */
  json?: unknown;
}

/** The request as HTTP on the wire. */
function rawRequest(host: string, request: LoadRequest): string {
  const body = request.json === undefined ? '' : JSON.stringify(request.json);
  const headers = {
    ...request.headers,
    ...(body && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  return [
    `${request.method ?? 'GET'} ${request.path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ]
    .join('\r\n')
    .concat('\r\n\r\n', body);
}

/** A Lua string literal of any text: its bytes, the unprintable ones as decimal escapes (mail text is not ASCII). */
const luaString = (text: string) =>
  `"${[...Buffer.from(text)]
    .map((b) =>
      b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : `\\${String(b).padStart(3, '0')}`,
    )
    .join('')}"`;

/**
 * The wrk script of a load: the connections send the requests in turn, round the list, and the
 * figures come back as one line of JSON. The requests are written out as
 * HTTP once, here, so that the load generator does no work per request but send and count.
 */
function wrkScript(host: string, requests: LoadRequest[]): string {
  return `local requests = { ${requests.map((r) => luaString(rawRequest(host, r))).join(',\n')} }
local i = 0
request = function() i = i % #requests + 1; return requests[i] end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

/**
 * Loads one server with wrk (Debian's wrk, a load generator in C): a short warm-up (unless
 * `warmUp` is false), then the measured run. On this machine's two cores the load generator
 * shares the CPU with the server it measures; autocannon, which decodes every answer into a
 * string, spent as much CPU per request as the server did, and wrk about a tenth of that.
 */
export async function measure(
  url: string,
  options: {
    connections: number;
    seconds: number;
    warmUp?: boolean;
    /** The requests each connection sends in turn, e.g. to spread the load over stores and records. */
    requests: LoadRequest[];
  },
): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-load-'));
  try {
    const script = path.join(dir, 'load.lua');
    await writeFile(script, wrkScript(new URL(url).host, options.requests));
    const load = async (seconds: number) => {
      const { stdout } = await run('wrk', [
        '--threads',
        '1',
        '--connections',
        String(options.connections),
        '--duration',
        `${seconds}s`,
        '--timeout',
        '10s',
        '--script',
        script,
        url,
      ]);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      return JSON.parse(line) as Record<'requests' | 'micros' | 'p50' | 'p99' | 'errors' | 'non2xx', number>;
    };
    if (options.warmUp !== false) await load(WARM_UP_SECONDS);
    const r = await load(options.seconds);
    return {
      rps: r.requests / (r.micros / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same load shape straight against the database: `connections` callers in a loop over one pool. */
export function measureSql(
  pool: pg.Pool,
  options: {
    connections: number;
    seconds: number;
    warmUp?: boolean;
    next: () => { name?: string; text: string; values: unknown[] };
  },
): Promise<LoadResult> {
  return measureCalls({ ...options, call: () => pool.query(options.next()) });
}

/**
 * The same load shape for any call made in this process: `connections` callers in a loop, each
 * awaiting `call()` (e.g. a repository function on a pool, the SQL plus its mapping).
 */
export async function measureCalls(options: {
  connections: number;
  seconds: number;
  warmUp?: boolean;
  call: () => Promise<unknown>;
}): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = Date.now() + seconds * 1000;
    const caller = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          await options.call();
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, caller));
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx: 0 };
  };
  if (options.warmUp !== false) await run(WARM_UP_SECONDS);
  return run(options.seconds);
}

/** A side of a comparison: its median round by throughput, and the range of its rounds. */
export interface Measured extends LoadResult {
  low: number;
  high: number;
  rounds: number;
}

/**
 * Loads taken in turn, `rounds` times (the first round of each with its warm-up), each side
 * answered by its median round by throughput. This machine's speed drifts from minute to minute
 * (it shares its cores with other guests): one run of each side, one after the other, measured
 * the drift as much as the code. The same list's ceiling came out at 5,105 and at 7,946 req/s in
 * two runs half an hour apart, with the API at 2,769 and 3,010.
 */
export async function inTurns<const Sides extends readonly ((warmUp: boolean) => Promise<LoadResult>)[]>(
  rounds: number,
  sides: Sides,
): Promise<{ [K in keyof Sides]: Measured }> {
  const results = sides.map((): LoadResult[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, side] of sides.entries()) results[i]?.push(await side(round === 0));
  }
  return results.map(median) as { [K in keyof Sides]: Measured };
}

function median(results: LoadResult[]): Measured {
  const sorted = [...results].sort((x, y) => x.rps - y.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as LoadResult;
  return {
    ...middle,
    low: sorted[0]?.rps ?? 0,
    high: sorted.at(-1)?.rps ?? 0,
    rounds: sorted.length,
    errors: sorted.reduce((sum, r) => sum + r.errors, 0),
    non2xx: sorted.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export const formatLoad = (name: string, r: LoadResult | Measured): string =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(
      5,
    )} ms${'rounds' in r && r.rounds > 1 ? `   (rounds ${r.low.toFixed(0)}–${r.high.toFixed(0)} req/s)` : ''}${
    r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''
  }`;
