import {
  ADMIN_ROLES,
  ZEraseCustomerDataRequest,
  ZEraseCustomerDataResponse,
  ZExportCustomerDataQuery,
  ZSearchCustomerDataRequest,
  ZSearchCustomerDataResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../lib/openapi-answers';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import { requireAuth } from '../../auth-context';
import { exportLanguage, fileDate } from '../../lib/export-language';
import { customerCounts, customerOf } from './customer-data.repository';
import { eraseCustomer } from './customer-erase.service';
import { customerZip, exportCounts, loadCustomerExport } from './customer-export.service';

/** A customer's data is for the store's administrators, signed in with a password. */
const admins = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;

/**
 * A customer's data on request (GDPR articles 15, 17 and 20): what is stored about an address,
 * all of it as one archive, and its erasure. Each export and erasure is in the audit log.
 */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/privacy/customer-data';

  r.post(
    `${base}/search`,
    {
      config: admins,
      schema: { body: ZSearchCustomerDataRequest, response: { 200: ZSearchCustomerDataResponse } },
    },
    async (request) => {
      const {
        caseIds: _,
        mailIds: __,
        ...counts
      } = await customerCounts(requireAuth(request).db, customerOf(request.body));
      return counts;
    },
  );

  r.get(
    `${base}/export`,
    {
      config: { ...admins, answers: { 200: fileAnswer('application/zip', "The customer's data as a zip") } },
      schema: { querystring: ZExportCustomerDataQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const data = await loadCustomerExport(auth.db, customerOf(request.query));
      // Recorded before the archive goes out: who took which customer's data, and how much.
      await recordAudit(auth.db, auditActor(auth), {
        action: 'customer.exported',
        targetType: 'customer',
        targetId:
          data.cases.length > 0 ? `cases ${data.cases.map((c) => c.caseNumber).join(', ')}` : 'no case',
        changes: { detail: exportCounts(data) },
      });
      const language = await exportLanguage(app.deps, auth.tenantId, undefined);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="customer-data-${fileDate()}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(customerZip(app.deps.files, data, language));
    },
  );

  r.post(
    `${base}/erase`,
    {
      config: admins,
      schema: { body: ZEraseCustomerDataRequest, response: { 200: ZEraseCustomerDataResponse } },
    },
    (request) => eraseCustomer(app.deps, requireAuth(request), customerOf(request.body), request.body.phone),
  );
}
