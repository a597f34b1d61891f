import autocannon from 'autocannon';
import type pg from 'pg';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL: a short warm-up, then the measured run. */
export async function measure(
  url: string,
  options: {
    connections: number;
    seconds: number;
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
  await run(2);
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
  await run(2);
  return run(options.seconds);
}

export const formatLoad = (name: string, r: LoadResult): string =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(5)} ms${r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;
