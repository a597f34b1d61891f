import {
  ADMIN_ROLES,
  ZGetCaseCostPdfParams,
  ZGetCaseCostPdfQuery,
  ZGetCostRegPdfQuery,
  type TRole,
} from '@claimdesk/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDF_ANSWER } from '../../../lib/openapi-answers';
import { requireAuth } from '../../../auth-context';
import { staffOnly } from '../../cases/case-access';
import { recordExport } from '../../audit/audit-actor';
import * as service from './cost-pdf.service';

/** The period statement is a report: administrators and managers. */
const REPORT_ROLES: readonly TRole[] = [...ADMIN_ROLES, 'MANAGER_USER'];
const reportsOnly = { roles: REPORT_ROLES, passwordUsersOnly: true, answers: PDF_ANSWER } as const;

const sendPdf = (reply: FastifyReply, file: service.PdfFile) =>
  reply
    .type('application/pdf')
    // The service makes every name of ASCII letters, digits and dashes: no quoting to do.
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/**
 * The cost PDFs (source, section 7 "Reports"), behind `costReg` like the cost routes: a case's
 * cost report for staff, and a period's supplier statement for administrators and managers.
 */
export async function costPdfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/reports/get-cost-reg-pdf';

  r.get(
    `${base}/:id`,
    {
      config: { ...staffOnly, answers: PDF_ANSWER },
      schema: { params: ZGetCaseCostPdfParams, querystring: ZGetCaseCostPdfQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await service.caseCostReport(app.deps, auth, request.params.id, request.query);
      await recordExport(auth, 'report.case-costs', 'pdf', { caseId: request.params.id, ...request.query });
      return sendPdf(reply, file);
    },
  );

  r.get(
    base,
    { config: reportsOnly, schema: { querystring: ZGetCostRegPdfQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await service.periodCostReport(app.deps, auth, request.query);
      await recordExport(auth, 'report.cost-statement', 'pdf', request.query);
      return sendPdf(reply, file);
    },
  );
}
