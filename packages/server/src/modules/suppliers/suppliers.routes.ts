import {
  ZCreateSupplierRequest,
  ZCreateSupplierResponse,
  ZDeleteSupplierResponse,
  ZGetSupplierResponse,
  ZIdParam,
  ZListSuppliersQuery,
  ZListSupplierCasesResponse,
  ZListSuppliersResponse,
  ZUpdateSupplierRequest,
  ZUpdateSupplierResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { adminsOnly, staffOnly } from '../cases/case-access';
import * as service from './suppliers.service';

/**
 * Suppliers: the store's own under /v2/api/suppliers, its company's under /v2/shared/suppliers
 * (the auth hook has checked X-COMPANY there). All staff read them, administrators edit them;
 * the store's `supplier` feature must be on.
 */
export async function suppliersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [base, isShared] of [
    ['/v2/api/suppliers', false],
    ['/v2/shared/suppliers', true],
  ] as const) {
    r.get(
      base,
      {
        config: staffOnly,
        schema: { querystring: ZListSuppliersQuery, response: { 200: ZListSuppliersResponse } },
      },
      async (request) => {
        const auth = requireAuth(request);
        return service.listSuppliers(auth.db, await service.ownerOf(auth, isShared), request.query);
      },
    );

    r.get(
      `${base}/:id`,
      { config: staffOnly, schema: { params: ZIdParam, response: { 200: ZGetSupplierResponse } } },
      async (request) => {
        const auth = requireAuth(request);
        return service.getSupplier(auth.db, await service.ownerOf(auth, isShared), request.params.id);
      },
    );

    r.get(
      `${base}/:id/cases`,
      { config: staffOnly, schema: { params: ZIdParam, response: { 200: ZListSupplierCasesResponse } } },
      async (request) => {
        const auth = requireAuth(request);
        return service.supplierCases(auth.db, await service.ownerOf(auth, isShared), request.params.id);
      },
    );

    r.post(
      base,
      {
        config: adminsOnly,
        schema: { body: ZCreateSupplierRequest, response: { 201: ZCreateSupplierResponse } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const owner = await service.ownerOf(auth, isShared);
        return reply.code(201).send(await service.createSupplier(auth.db, owner, request.body));
      },
    );

    r.put(
      `${base}/:id`,
      {
        config: adminsOnly,
        schema: {
          params: ZIdParam,
          body: ZUpdateSupplierRequest,
          response: { 200: ZUpdateSupplierResponse },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const owner = await service.ownerOf(auth, isShared);
        return service.updateSupplier(auth.db, owner, request.params.id, request.body);
      },
    );

    r.delete(
      `${base}/:id`,
      { config: adminsOnly, schema: { params: ZIdParam, response: { 200: ZDeleteSupplierResponse } } },
      async (request) => {
        const auth = requireAuth(request);
        return service.deleteSupplier(auth.db, await service.ownerOf(auth, isShared), request.params.id);
      },
    );
  }
}
