import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Where log lines go: standard output unless a test reads them. */
export interface LogStream {
  write: (line: string) => void;
}

/** An X-Request-Id from a proxy or client is kept when it is short and plain (it goes into logs and headers). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;
const REQUEST_ID_HEADER = 'x-request-id';

/** pino's numbers of its levels; `silent` is above them all. */
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** The probes of a load balancer come every few seconds: their lines are at debug, not info. */
const PROBES = new Set(['/healthz', '/readyz']);

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One line per request when its answer is sent, in place of Fastify's two (incoming and
 * completed): method, route pattern (never the URL, whose query may hold a search), status,
 * time, and who asked (store, user, client address; TRUST_PROXY decides the address).
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completed line says all of it.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url ?? null;
    const level = error ? 'error' : route !== null && PROBES.has(route) ? 'debug' : 'info';
    // Below the log's level nothing is built: a busy server at LOG_LEVEL=warn pays nothing per request.
    if ((LEVEL_VALUES[reply.log.level] ?? Infinity) > (LEVEL_VALUES[level] ?? 0)) return;
    const line = {
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      store: request.auth?.tenantId ?? null,
      user: request.auth?.username ?? null,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed while its answer was sent');
    else reply.log[level](line, 'request');
  }
}

/** Fastify's logging options: LOG_LEVEL, request ids from X-Request-Id or made, one line per request. */
export function requestLogOptions(config: Config, stream?: LogStream) {
  return {
    logger: { level: config.LOG_LEVEL, ...(stream && { stream }) },
    requestIdHeader: false as const,
    genReqId: requestIdOf,
    logController: new RequestLogController(),
  };
}

/** Answers every request's id in X-Request-Id, so a client can quote the log line of its call. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
