import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { backoffMs } from '../../lib/backoff';
import { ShopError } from './shop-order';

export interface ShopHttpOptions {
  /** Longest wait for one answer. */
  timeoutMs: number;
  /** Tries in all for a call that is safe to repeat (a read), on a throttle, a time-out or a 5xx. */
  attempts: number;
  /** The first retry's wait; it doubles (with jitter) up to `maxWaitMs`. */
  baseWaitMs: number;
  maxWaitMs: number;
  /** Resolves host names and refuses non-public addresses (a user-given shop URL). */
  lookup?: LookupFunction;
  /** Certificates to trust besides the system's (a test's stand-in of a shop). */
  ca?: Buffer;
}

export const DEFAULT_SHOP_HTTP: ShopHttpOptions = {
  timeoutMs: 8000,
  attempts: 3,
  baseWaitMs: 500,
  maxWaitMs: 4000,
};

export interface ShopAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface ShopRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether a second try cannot do anything twice (reads, GraphQL queries). */
  safeToRepeat: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date in Retry-After, as milliseconds (null when absent or unreadable). */
export function retryAfterMs(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function once(req: ShopRequest, options: ShopHttpOptions): Promise<ShopAnswer> {
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const call = send(
      url,
      {
        method: req.method,
        headers: { accept: 'application/json', ...req.headers },
        timeout: options.timeoutMs,
        ...(options.lookup ? { lookup: options.lookup } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            // Not JSON (an HTML error page): kept as text for the error message.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    // One limit for the whole answer, not only for a silent socket.
    const timer = setTimeout(
      () => call.destroy(new ShopError('timeout', 'The shop did not answer in time')),
      options.timeoutMs,
    );
    call.on('close', () => clearTimeout(timer));
    call.on('timeout', () => call.destroy(new ShopError('timeout', 'The shop did not answer in time')));
    call.on('error', (error) =>
      reject(
        error instanceof ShopError
          ? error
          : new ShopError('unavailable', `The shop could not be reached: ${error.message}`),
      ),
    );
    call.end(req.body);
  });
}

/**
 * One call to a shop's API with its time limit. A read is tried again, with back-off, on a 429
 * (waiting what Retry-After asks), a 5xx or a time-out; a write never is. 401 and 403 are
 * `unauthorized`. Answers the last answer otherwise (the client reads 404 and its own errors).
 */
export async function shopCall(req: ShopRequest, options: ShopHttpOptions): Promise<ShopAnswer> {
  const tries = req.safeToRepeat ? options.attempts : 1;
  for (let attempt = 1; ; attempt += 1) {
    let answer: ShopAnswer | null = null;
    let failure: ShopError | null = null;
    try {
      answer = await once(req, options);
    } catch (error) {
      failure = error instanceof ShopError ? error : new ShopError('unavailable', String(error));
    }
    if (answer && (answer.status === 401 || answer.status === 403))
      throw new ShopError('unauthorized', 'The shop refused the access token or keys');
    const again = failure !== null || answer === null || answer.status === 429 || answer.status >= 500;
    if (!again && answer) return answer;
    if (attempt >= tries) {
      if (failure) throw failure;
      if (answer?.status === 429)
        throw new ShopError('rate-limited', 'The shop is limiting requests; try again shortly');
      throw new ShopError('unavailable', `The shop answered ${String(answer?.status)}`);
    }
    const asked = answer?.status === 429 ? retryAfterMs(answer.headers['retry-after']) : null;
    await sleep(
      Math.min(options.maxWaitMs, asked ?? backoffMs(attempt, options.baseWaitMs, options.maxWaitMs)),
    );
  }
}
