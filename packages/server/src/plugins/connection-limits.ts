import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { addressKey } from '../lib/client-address';
import { registerBodyRate } from './body-rate';

const WARN_EVERY_MS = 60_000;

/**
 * Fastify's and Node's own time limits, so that a slow or silent client cannot hold a connection
 * (and a file handle) for ever: Fastify leaves request and idle timeouts off by default.
 */
export function connectionOptions(
  config: Config,
): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'maxRequestsPerSocket'
> & { http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } } {
  const requestMs = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  const headersMs = Math.min(config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestMs);
  return {
    requestTimeout: requestMs,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxRequestsPerSocket: config.HTTP_MAX_REQUESTS_PER_CONNECTION,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      // Node checks the header and request deadlines on this beat (30 s by default), so a
      // deadline is only kept to within it.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(headersMs / 4))),
    },
  };
}

/**
 * Caps open connections per client address and in all: a client past its cap is closed before
 * its connection is read, so one address cannot take the process's file handles. Also keeps the
 * minimum rate of request bodies (body-rate.ts).
 */
export function registerConnectionLimits(app: FastifyInstance, config: Config): void {
  registerBodyRate(app, config);
  if (config.HTTP_MAX_CONNECTIONS > 0) app.server.maxConnections = config.HTTP_MAX_CONNECTIONS;
  const cap = config.HTTP_MAX_CONNECTIONS_PER_ADDRESS;
  if (cap === 0) return;
  const open = new Map<string, number>();
  let lastWarnAt = 0;
  // Before Node's own listener, so a refused socket is never handed to the HTTP parser.
  app.server.prependListener('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > cap) {
      if (Date.now() - lastWarnAt > WARN_EVERY_MS) {
        lastWarnAt = Date.now();
        app.log.warn({ address: key, cap }, 'connection refused: too many open connections from one address');
      }
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
