import { MAX_JSON_DEPTH } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * The path (dot-separated, as fieldErrors name fields) of the first value nested deeper than
 * `limit`, or null. Iterative: JSON.parse takes any depth, but the recursive code after it (zod,
 * JSON.stringify, drivers) overflows the stack on 20,000 levels and answered 500.
 */
export function pathDeeperThan(value: unknown, limit: number): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || item.value === null || typeof item.value !== 'object') continue;
    if (item.path.length >= limit) return item.path.join('.') || 'body';
    for (const [key, child] of Object.entries(item.value)) {
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}

/**
 * JSON bodies: Fastify's own parser (prototype-poisoning checks, route body limits), then a
 * nesting limit, so that hostile depth is a 400 naming where it goes too deep.
 */
export function registerBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(
      request,
      typeof body === 'string' ? body : body.toString('utf8'),
      (error: Error | null, value?: unknown) => {
        if (error) {
          done(error, undefined);
          return;
        }
        const tooDeep = pathDeeperThan(value, MAX_JSON_DEPTH);
        if (tooDeep === null) {
          done(null, value);
          return;
        }
        const message = `Nested deeper than ${String(MAX_JSON_DEPTH)} levels`;
        done(new AppError('VALIDATION_FAILED', message, { [tooDeep]: message }), undefined);
      },
    );
  });
}
