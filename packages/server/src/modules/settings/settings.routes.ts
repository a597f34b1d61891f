import { ZJsonConfigParams, isConfigName } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { requireAuth } from '../auth/auth-context';
import { resolveCompanyConfig, resolveStoreConfig } from './store-config.repository';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v2/api/settings/initial-properties/json-config/:name', { schema: { params: ZJsonConfigParams } }, async (request) => {
    const { name } = request.params;
    if (!isConfigName(name)) throw notFound(`Configuration ${name}`);
    return resolveStoreConfig(app.deps.db, requireAuth(request).tenantId, name);
  });

  r.get('/v2/shared/initial-properties/json-config/:name', { schema: { params: ZJsonConfigParams } }, async (request) => {
    const { name } = request.params;
    if (!isConfigName(name)) throw notFound(`Configuration ${name}`);
    return resolveCompanyConfig(app.deps.db, requireAuth(request).tenantId, name);
  });
}
