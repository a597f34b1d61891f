import type { FastifyInstance } from 'fastify';
import { purgeAuditLog } from './audit-purge.system';

const DAY_MS = 86_400_000;

/**
 * Keeps the audit log to AUDIT_LOG_RETENTION_DAYS (0: forever): purges once when the server is
 * ready and then daily. The timer is unref'd, so it never holds a process open; several
 * processes purging at once delete the same old rows, which is harmless.
 */
export function registerAuditRetention(app: FastifyInstance): void {
  const days = app.deps.config.AUDIT_LOG_RETENTION_DAYS;
  if (days === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = purgeAuditLog(app.deps.db, days).then(
      (count) => {
        if (count > 0) app.log.info({ count, days }, 'audit log entries past their retention purged');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'audit log purge failed');
      },
    );
  };
  app.addHook('onReady', () => {
    purge();
    timer = setInterval(purge, DAY_MS);
    timer.unref();
    return Promise.resolve();
  });
  // A purge under way finishes before the database closes.
  app.addHook('onClose', () => {
    clearInterval(timer);
    return running;
  });
}
