import {
  ADMIN_ROLES,
  ZGetCaseReportQuery,
  ZGetCaseReportResponse,
  ZGetMailReportQuery,
  ZGetMailReportResponse,
  ZGetSupplierReportQuery,
  ZGetSupplierReportResponse,
  ZReportCsvQuery,
  type TLanguage,
  type TRole,
} from '@claimdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv/csv-stream';
import { recordExport } from '../audit/audit-actor';
import { requireAuth } from '../../auth-context';
import { caseCsv, mailCsv, resolutionCsv, statusCsv, supplierCsv, type CsvTable } from './reports-csv';
import * as service from './reports.service';
import { CSV_ANSWER } from '../../lib/openapi-answers';

/** Who reads the reports: administrators and managers. */
const REPORT_ROLES: readonly TRole[] = [...ADMIN_ROLES, 'MANAGER_USER'];
const readers = { roles: REPORT_ROLES, passwordUsersOnly: true } as const;
const csvReaders = { ...readers, answers: CSV_ANSWER };

/** Sends a report's table as CSV, recording the download (what and with which filters) first. */
async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  table: CsvTable,
  language: TLanguage,
  what: string,
): Promise<FastifyReply> {
  await recordExport(requireAuth(request), `report.${what}`, 'csv', request.query as object);
  return sendCsv(reply, table.filename, table.rows, { language, header: table.header });
}

/**
 * The /reports screen's figures (mail, cases, suppliers) over a period, and each of its tables
 * as CSV (`…/csv?language=`, English when left out). The badges' mail-count and the dashboard's
 * figures are other modules' routes under the same prefix.
 */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/reports';

  r.get(
    `${base}/mails`,
    {
      config: readers,
      schema: { querystring: ZGetMailReportQuery, response: { 200: ZGetMailReportResponse } },
    },
    (request) => service.getMailReport(requireAuth(request).db, request.query),
  );
  r.get(
    `${base}/cases`,
    {
      config: readers,
      schema: { querystring: ZGetCaseReportQuery, response: { 200: ZGetCaseReportResponse } },
    },
    (request) => service.getCaseReport(requireAuth(request).db, request.query),
  );
  r.get(
    `${base}/suppliers`,
    {
      config: readers,
      schema: { querystring: ZGetSupplierReportQuery, response: { 200: ZGetSupplierReportResponse } },
    },
    (request) => service.getSupplierReport(requireAuth(request).db, request.query),
  );

  r.get(
    `${base}/mails/csv`,
    { config: csvReaders, schema: { querystring: ZGetMailReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getMailReport(requireAuth(request).db, request.query);
      return send(request, reply, mailCsv(report, language), language, 'mails');
    },
  );
  r.get(
    `${base}/cases/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(request, reply, caseCsv(report, language), language, 'cases');
    },
  );
  r.get(
    `${base}/statuses/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(request, reply, statusCsv(report, language), language, 'statuses');
    },
  );
  r.get(
    `${base}/resolution/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(request, reply, resolutionCsv(report, language), language, 'resolution');
    },
  );
  r.get(
    `${base}/suppliers/csv`,
    { config: csvReaders, schema: { querystring: ZGetSupplierReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getSupplierReport(requireAuth(request).db, request.query);
      return send(request, reply, supplierCsv(report, language), language, 'suppliers');
    },
  );
}
