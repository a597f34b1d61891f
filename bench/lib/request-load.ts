// load.ts's wrk load for requests with a method and a body (load.ts sends GETs only): each
// request is written out as HTTP once, with its Content-Length, and the connections send the
// list in turn. The figures come back as load.ts's LoadResult.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadResult } from './load';

const WARM_UP_SECONDS = 2;
const run = promisify(execFile);

export interface BodyRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
}

function raw(host: string, request: BodyRequest): string {
  const body = request.json === undefined ? '' : JSON.stringify(request.json);
  const headers = {
    ...request.headers,
    ...(body && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  return [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ]
    .join('\r\n')
    .concat('\r\n\r\n', body);
}

/** A Lua string of any text: its bytes as decimal escapes (mail text is not ASCII). */
const lua = (text: string) =>
  `"${[...Buffer.from(text)].map((b) => (b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : `\\${String(b).padStart(3, '0')}`)).join('')}"`;

function script(host: string, requests: BodyRequest[]): string {
  return `local requests = { ${requests.map((r) => lua(raw(host, r))).join(',\n')} }
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

/** Loads one server with wrk, as load.ts's measure does, sending `requests` in turn. */
export async function measureRequests(
  url: string,
  options: { connections: number; seconds: number; warmUp?: boolean; requests: BodyRequest[] },
): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-load-'));
  try {
    const file = path.join(dir, 'load.lua');
    await writeFile(file, script(new URL(url).host, options.requests));
    const load = async (seconds: number) => {
      const { stdout } = await run('wrk', [
        '--threads',
        '1',
        '--connections',
        String(options.connections),
        '--duration',
        `${String(seconds)}s`,
        '--timeout',
        '10s',
        '--script',
        file,
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
