import { ZMailCountResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth-context';
import { staffOnly } from '../../cases/case-access';
import { loadMenu } from '../../cases/case-config';
import { mailCounts, menuWorkflows } from './mail-count.repository';

/** The mail badges (reports/mail-count). */
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
}
