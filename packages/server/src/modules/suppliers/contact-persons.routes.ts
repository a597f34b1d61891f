import { ZContactPersonsQuery, ZContactPersonsResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import { listContactPersons } from './contact-persons.repository';
import { ownerInUse } from './suppliers.service';

/** The people a mail can go to at the suppliers the store uses (shared contact persons). */
export async function contactPersonsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
