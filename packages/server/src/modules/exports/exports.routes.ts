import {
  ADMIN_ROLES,
  ZExportCasesQuery,
  ZExportCostsQuery,
  ZExportSuppliersQuery,
  type TRole,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv/csv-stream';
import { recordExport } from '../audit/audit-actor';
import { requireAuth } from '../../auth-context';
import { caseReader, staffOnly } from '../cases/case-access';
import {
  isWorkflowAvailable,
  loadFeatures,
  loadMenu,
  loadStatusOptions,
  unknownWorkflow,
} from '../cases/case-config';
import { resolveStoreConfig } from '../settings/store-config.repository';
import { costForm } from '../costs/costs.service';
import { caseCsvHeader, caseCsvRows, statusWords } from './case-export';
import { costCsvHeader, costCsvRows } from './costs-export';
import { exportLanguage, fileDate } from '../../lib/export-language';
import { supplierCsvHeader, supplierCsvRows } from './supplier-export';
import { CSV_ANSWER } from '../../lib/openapi-answers';

/** Who exports the store's costs: administrators and managers, as read the reports. */
const COST_READERS: readonly TRole[] = [...ADMIN_ROLES, 'MANAGER_USER'];

/**
 * CSV downloads of the lists (text/csv, UTF-8 with a BOM; lib/csv): each streams its rows as
 * the client reads them. Who may export a list is who may read it.
 */
export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/exports';

  // The case list's readers: staff, and one-time-code contacts (their own cases only).
  r.get(
    `${base}/cases`,
    { config: { answers: CSV_ANSWER }, schema: { querystring: ZExportCasesQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { query } = request;
      const reader = caseReader(auth);
      if (reader.kind === 'staff') {
        const [menu, features] = await Promise.all([loadMenu(auth.db), loadFeatures(auth.db)]);
        if (!isWorkflowAvailable(menu, features, query.workFlow))
          throw unknownWorkflow(query.workFlow, 'path');
      }
      const language = await exportLanguage(app.deps, auth.tenantId, query.language);
      const [options, translations] = await Promise.all([
        loadStatusOptions(auth.db, query.workFlow),
        resolveStoreConfig(auth.db, 'translations'),
      ]);
      const words = statusWords(options, translations, language);
      await recordExport(auth, 'cases', 'csv', query);
      return sendCsv(
        reply,
        `cases-${query.workFlow}-${query.type}-${fileDate()}`,
        caseCsvRows(auth.db, query, reader, words),
        { language, timeZone: query.timeZone, header: caseCsvHeader(language) },
      );
    },
  );

  r.get(
    `${base}/suppliers`,
    { config: { ...staffOnly, answers: CSV_ANSWER }, schema: { querystring: ZExportSuppliersQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const language = await exportLanguage(app.deps, auth.tenantId, request.query.language);
      // Read before the answer starts, so that a store without suppliers gets a 403, not a cut file.
      const rows = await supplierCsvRows(auth, request.query);
      await recordExport(auth, 'suppliers', 'csv', request.query);
      return sendCsv(reply, `suppliers-${fileDate()}`, rows, { language, header: supplierCsvHeader() });
    },
  );

  r.get(
    `${base}/costs`,
    {
      config: { roles: COST_READERS, passwordUsersOnly: true, answers: CSV_ANSWER },
      schema: { querystring: ZExportCostsQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { query } = request;
      // 403 before the answer starts when cost registration is off.
      const form = await costForm(auth.db);
      const language = await exportLanguage(app.deps, auth.tenantId, query.language);
      await recordExport(auth, 'costs', 'csv', query);
      return sendCsv(reply, `costs-${fileDate()}`, costCsvRows(auth.db, form, query, language), {
        language,
        timeZone: query.timeZone,
        header: costCsvHeader(language),
      });
    },
  );
}
