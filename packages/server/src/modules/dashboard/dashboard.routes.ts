import { ZDashboardConfig, ZDashboardQuery, ZDashboardResponse, ZMyDeskResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import { resolveStoreConfig } from '../settings/store-config.repository';
import { dashboard, myDesk } from './dashboard.repository';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/reports/dashboard',
    { config: staffOnly, schema: { querystring: ZDashboardQuery, response: { 200: ZDashboardResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const config = ZDashboardConfig.parse(await resolveStoreConfig(auth.db, 'dashboard'));
      return dashboard(auth.db, auth.username, config.weeks, request.query.timeZone ?? 'UTC');
    },
  );

  // Every staff member's own desk (issue 35.6): the agent's dashboard.
  r.get(
    '/v2/api/reports/my-desk',
    { config: staffOnly, schema: { response: { 200: ZMyDeskResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      return myDesk(auth.db, auth.username);
    },
  );
}
