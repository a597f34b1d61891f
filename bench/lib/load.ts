import autocannon from 'autocannon';
import type pg from 'pg';

const WARM_UP_SECONDS = 2;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL: a short warm-up (unless `warmUp` is false), then the measured run. */
export async function measure(
  url: string,
  options: {
    connections: number;
    seconds: number;
    warmUp?: boolean;
    headers?: Record<string, string>;
    /** The requests each connection sends in turn, e.g. to spread the load over stores and records. */
    requests?: autocannon.Request[];
  },
): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections,
      duration,
      headers: options.headers ?? {},
      ...(options.requests && { requests: options.requests }),
    });
  if (options.warmUp !== false) await run(WARM_UP_SECONDS);
  const result = await run(options.seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The same load shape straight against the database: `connections` callers in a loop over one pool. */
export async function measureSql(
  pool: pg.Pool,
  options: {
    connections: number;
    seconds: number;
    warmUp?: boolean;
    next: () => { name?: string; text: string; values: unknown[] };
  },
): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = Date.now() + seconds * 1000;
    const caller = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          await pool.query(options.next());
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
 * Two loads taken in turn, `rounds` times (the first round of each with its warm-up), each side
 * answered by its median round by throughput. This machine's speed drifts from minute to minute
 * (it shares its cores with other guests): one run of each side, one after the other, measured
 * the drift as much as the code. The same list's ceiling came out at 5,105 and at 7,946 req/s in
 * two runs half an hour apart, with the API at 2,769 and 3,010.
 */
export async function inTurns(
  rounds: number,
  first: (warmUp: boolean) => Promise<LoadResult>,
  second: (warmUp: boolean) => Promise<LoadResult>,
): Promise<[Measured, Measured]> {
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    a.push(await first(round === 0));
    b.push(await second(round === 0));
  }
  return [median(a), median(b)];
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
