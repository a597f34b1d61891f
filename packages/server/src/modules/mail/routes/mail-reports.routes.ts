import { ZContactPersonsQuery, ZContactPersonsResponse, ZMailCountResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth/auth-context';
import { staffOnly } from '../../cases/case-access';
import { loadMenu } from '../../cases/case-config';
import { listContactPersons } from '../../suppliers/contact-persons.repository';
import { ownerInUse } from '../../suppliers/suppliers.service';
import { mailCounts, menuWorkflows } from '../read/mail-count.repository';

/** The mail badges (reports/mail-count) and the people a mail can go to (shared contact persons). */
export async function mailReportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/reports/mail-count',
    { config: staffOnly, schema: { response: { 200: ZMailCountResponse } } },
    async (request) => {
      const { db } = requireAuth(request);
      return mailCounts(db, menuWorkflows(await loadMenu(db)));
    },
  );

  // The shared path's X-COMPANY is checked by the auth hook; the answer is of the suppliers the
  // caller's store uses (its supplierSource).
  r.get(
    '/v2/shared/suppliers/contact-persons',
    {
      config: staffOnly,
      schema: { querystring: ZContactPersonsQuery, response: { 200: ZContactPersonsResponse } },
    },
    async (request) => {
      const { db } = requireAuth(request);
      return listContactPersons(db, await ownerInUse(db), request.query.includeDisabled);
    },
  );
}
