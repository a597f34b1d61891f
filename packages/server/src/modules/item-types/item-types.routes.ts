import {
  ZCreateItemTypeRequest,
  ZIdParam,
  ZItemType,
  ZListItemTypesResponse,
  ZUpdateItemTypeRequest,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { adminsOnly, staffOnly } from '../cases/case-access';
import * as repo from './item-types.repository';
import { NO_CONTENT } from '../../lib/openapi-answers';

/** The store's item types (settings/claim-item-type): all staff read them, administrators manage them. */
export async function itemTypesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claim-item-types';

  r.get(base, { config: staffOnly, schema: { response: { 200: ZListItemTypesResponse } } }, (request) =>
    repo.listItemTypes(requireAuth(request).db),
  );

  r.post(
    base,
    { config: adminsOnly, schema: { body: ZCreateItemTypeRequest, response: { 201: ZItemType } } },
    async (request, reply) => {
      const created = await repo.createItemType(requireAuth(request).db, request.body);
      return reply.code(201).send(created);
    },
  );

  r.put(
    `${base}/:id`,
    {
      config: adminsOnly,
      schema: { params: ZIdParam, body: ZUpdateItemTypeRequest, response: { 200: ZItemType } },
    },
    (request) => repo.updateItemType(requireAuth(request).db, request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    { config: { ...adminsOnly, answers: NO_CONTENT }, schema: { params: ZIdParam } },
    async (request, reply) => {
      await repo.deleteItemType(requireAuth(request).db, request.params.id);
      return reply.code(204).send();
    },
  );
}
