import { ZStoreSettingResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { requireAuth } from '../../auth-context';

export async function storesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/stores/setting',
    { schema: { response: { 200: ZStoreSettingResponse } } },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const setting = await app.deps.stores.get(tenantId);
      if (!setting) throw notFound('Store');
      return setting;
    },
  );
}
