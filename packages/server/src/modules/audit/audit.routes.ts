import {
  ADMIN_ROLES,
  ZExportAuditLogQuery,
  ZListAuditLogQuery,
  ZListAuditLogResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv/csv-stream';
import { CSV_ANSWER } from '../../lib/openapi-answers';
import { requireAuth } from '../../auth-context';
import { exportLanguage, fileDate } from '../../lib/export-language';
import { recordExport } from './audit-actor';
import { auditCsvHeader, auditCsvRows } from './audit-csv';
import { listAuditLog } from './audit-log.service';

/** The audit log is for the store's administrators, signed in with a password. */
const admins = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;

/**
 * Reading the store's audit log, as a page and as CSV. On purpose there is no route that
 * changes or deletes an entry (test/audit-log/append-only.test.ts checks the route table); only the
 * retention purge removes entries (audit-retention.ts).
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/audit-log',
    {
      config: admins,
      schema: { querystring: ZListAuditLogQuery, response: { 200: ZListAuditLogResponse } },
    },
    (request) => listAuditLog(requireAuth(request).db, request.query),
  );

  r.get(
    '/v2/api/exports/audit-log',
    { config: { ...admins, answers: CSV_ANSWER }, schema: { querystring: ZExportAuditLogQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { language: asked, ...filters } = request.query;
      const language = await exportLanguage(app.deps, auth.tenantId, asked);
      // Recorded before the file is read, so that the export shows in the file it makes.
      await recordExport(auth, 'audit-log', 'csv', request.query);
      return sendCsv(reply, `audit-log-${fileDate()}`, auditCsvRows(auth.db, filters), {
        language,
        timeZone: filters.timeZone,
        header: auditCsvHeader(language),
      });
    },
  );
}
