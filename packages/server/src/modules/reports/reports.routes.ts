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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv/csv-stream';
import { requireAuth } from '../auth/auth-context';
import { caseCsv, mailCsv, resolutionCsv, statusCsv, supplierCsv, type CsvTable } from './reports-csv';
import * as service from './reports.service';
import { CSV_ANSWER } from '../../lib/openapi-answers';

/** Who reads the reports: administrators and managers. */
const REPORT_ROLES: readonly TRole[] = [...ADMIN_ROLES, 'MANAGER_USER'];
const readers = { roles: REPORT_ROLES, passwordUsersOnly: true } as const;
const csvReaders = { ...readers, answers: CSV_ANSWER };

const send = (reply: FastifyReply, table: CsvTable, language: TLanguage) =>
  sendCsv(reply, table.filename, table.rows, { language, header: table.header });

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
      return send(reply, mailCsv(report, language), language);
    },
  );
  r.get(
    `${base}/cases/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(reply, caseCsv(report, language), language);
    },
  );
  r.get(
    `${base}/statuses/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(reply, statusCsv(report, language), language);
    },
  );
  r.get(
    `${base}/resolution/csv`,
    { config: csvReaders, schema: { querystring: ZGetCaseReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getCaseReport(requireAuth(request).db, request.query);
      return send(reply, resolutionCsv(report, language), language);
    },
  );
  r.get(
    `${base}/suppliers/csv`,
    { config: csvReaders, schema: { querystring: ZGetSupplierReportQuery.extend(ZReportCsvQuery.shape) } },
    async (request, reply) => {
      const { language = 'en' } = request.query;
      const report = await service.getSupplierReport(requireAuth(request).db, request.query);
      return send(reply, supplierCsv(report, language), language);
    },
  );
}
