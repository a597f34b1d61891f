import {
  ZIdParam,
  ZShopConnection,
  ZShopConnectionsResponse,
  ZShopOrdersQuery,
  ZShopOrdersResponse,
  ZWooCommerceConnectRequest,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { NO_CONTENT } from '../../lib/openapi-answers';
import { adminsOnly, staffOnly } from '../cases/case-access';
import { listShopConnections } from './shop-connections.repository';
import { connectWooCommerce, disconnectShop, lookUpOrders, shopView } from './shops.service';

/** The store's connected web shops, and the orders a case finds in them (issue 37). */
export async function shopsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/shops',
    { config: staffOnly, schema: { response: { 200: ZShopConnectionsResponse } } },
    async (request) => ({
      shops: (await listShopConnections(requireAuth(request).db)).map(shopView),
    }),
  );

  r.post(
    '/v2/api/shops/woocommerce',
    { config: adminsOnly, schema: { body: ZWooCommerceConnectRequest, response: { 200: ZShopConnection } } },
    (request) => connectWooCommerce(app.deps, requireAuth(request), request.body),
  );

  r.delete(
    '/v2/api/shops/:id',
    { config: { ...adminsOnly, answers: NO_CONTENT }, schema: { params: ZIdParam } },
    async (request, reply) => {
      await disconnectShop(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/v2/api/shop-orders',
    { config: staffOnly, schema: { querystring: ZShopOrdersQuery, response: { 200: ZShopOrdersResponse } } },
    (request) => lookUpOrders(app.deps, requireAuth(request).db, request.query),
  );
}
