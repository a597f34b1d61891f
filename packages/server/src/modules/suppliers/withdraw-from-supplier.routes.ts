import { ZCaseIdParams, ZWithdrawFromSupplierResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import * as service from './withdraw-from-supplier.service';

/** Staff take a case back from its supplier: its contact persons read it no more (issue 35). */
export async function withdrawFromSupplierRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/api/claims/:id/withdraw-from-supplier',
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, response: { 200: ZWithdrawFromSupplierResponse } },
    },
    (request) => service.withdrawFromSupplier(requireAuth(request), request.params.id),
  );
}
