import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isMigrated } from '../db/migration-state';

/** How long /readyz waits for the database before it calls it unreachable. */
const DATABASE_CHECK_MS = 2000;

const ZHealth = z.object({ status: z.literal('ok') });

const ZReadiness = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    /** `unknown` while the database cannot be read. */
    migrations: z.enum(['ok', 'pending', 'unknown']),
    /** `off` when MAIL_WORKERS is off in this process (another runs them). */
    mailWorkers: z.enum(['running', 'starting', 'stopped', 'off']),
    /**
     * Which mail parts this process runs; null when MAIL_WORKERS is off. The inbound SMTP
     * receiver runs in the one process that holds its port; the others wait to take it over.
     */
    mailParts: z
      .object({
        fetcher: z.enum(['running', 'stopped']),
        outbox: z.enum(['running', 'stopped']),
        inboundSmtp: z.enum(['listening', 'waiting', 'stopped']),
      })
      .nullable(),
  }),
});
type TReadiness = z.infer<typeof ZReadiness>;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer in ${String(ms)} ms`));
    }, ms);
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
    });
  });

/**
 * Probes for a process manager or load balancer, outside the API and public: /healthz says the
 * process answers (a restart is due when it does not); /readyz says it can serve (the database
 * answers and has every migration, the mail workers run), else 503 naming what is not ready, so
 * that traffic goes elsewhere until it is.
 */
export function registerHealth(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { summary: 'The process answers (no database)', response: { 200: ZHealth } },
    },
    () => ({ status: 'ok' as const }),
  );

  r.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Ready to serve: database reachable, migrations done, mail workers running',
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (request, reply) => {
      const checks: TReadiness['checks'] = {
        database: 'ok',
        migrations: 'unknown',
        mailWorkers: app.mailWorkers ? app.mailWorkers.state() : 'off',
        mailParts: app.mailWorkers ? app.mailWorkers.parts() : null,
      };
      try {
        checks.migrations = (await withTimeout(isMigrated(app.deps.db), DATABASE_CHECK_MS))
          ? 'ok'
          : 'pending';
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        checks.database = 'unreachable';
      }
      const isReady =
        checks.database === 'ok' &&
        checks.migrations === 'ok' &&
        (checks.mailWorkers === 'running' || checks.mailWorkers === 'off');
      return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'not ready', checks });
    },
  );
}
