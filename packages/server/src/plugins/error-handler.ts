import type { FastifyInstance } from 'fastify';
import { dataExceptionCode, toErrorResponse } from '../lib/error-response';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    // A lost database connection is expected while PostgreSQL restarts: a warning, not an error.
    if (status === 503) request.log.warn({ err: error }, 'database connection lost; answered 503');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (dataExceptionCode(error))
      request.log.warn({ err: error }, 'database refused a value the contract let through');
    void reply
      .code(status)
      .headers(headers ?? {})
      .type('application/json')
      .send(body);
  });
}
