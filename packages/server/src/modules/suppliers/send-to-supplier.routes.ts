import {
  MAIL_COMPOSE_BODY_LIMIT,
  ZCaseIdParams,
  ZCaseSupplierStatus,
  ZSendToSupplierRequest,
  ZSendToSupplierResponse,
  ZSupplierComposeResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import * as service from './send-to-supplier.service';

/**
 * A case and its supplier (staff, the store's `supplier` feature on): where the claim stands,
 * the prefilled claim mail, and sending it.
 */
export async function sendToSupplierRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/claims/:id/supplier',
    { config: staffOnly, schema: { params: ZCaseIdParams, response: { 200: ZCaseSupplierStatus } } },
    (request) => service.getSupplierStatus(requireAuth(request), request.params.id),
  );

  r.get(
    '/v2/api/claims/:id/supplier-compose',
    { config: staffOnly, schema: { params: ZCaseIdParams, response: { 200: ZSupplierComposeResponse } } },
    (request) => service.getSupplierCompose(app.deps, requireAuth(request), request.params.id),
  );

  r.post(
    '/v2/api/claims/:id/send-to-supplier',
    {
      config: staffOnly,
      bodyLimit: MAIL_COMPOSE_BODY_LIMIT + 64 * 1024,
      schema: {
        params: ZCaseIdParams,
        body: ZSendToSupplierRequest,
        response: { 201: ZSendToSupplierResponse },
      },
    },
    async (request, reply) => {
      const mail = await service.sendToSupplier(
        app.deps,
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(mail);
    },
  );
}
