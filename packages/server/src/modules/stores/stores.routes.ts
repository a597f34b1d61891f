import { ZStoreSettingResponse, type TStoreSettingResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies, stores } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { requireAuth } from '../auth/auth-context';

export async function storesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v2/api/stores/setting', { schema: { response: { 200: ZStoreSettingResponse } } }, async (request) => {
    const { tenantId } = requireAuth(request);
    const [row] = await app.deps.db
      .select({
        storeName: stores.tenantId,
        displayName: stores.displayName,
        companyName: companies.name,
        language: stores.language,
        supplierSource: stores.supplierSource,
      })
      .from(stores)
      .innerJoin(companies, eq(companies.id, stores.companyId))
      .where(eq(stores.tenantId, tenantId));
    if (!row) throw notFound('Store');
    return row as TStoreSettingResponse;
  });
}
