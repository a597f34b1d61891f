import {
  ZShopConnection,
  ZShopifyAuthorizeQuery,
  ZShopifyAuthorizeResponse,
  ZShopifyExchangeRequest,
  ZShopifySignedQuery,
} from '@claimdesk/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { adminsOnly } from '../cases/case-access';
import {
  authorizeForStore,
  finishForStore,
  SHOPIFY_STATE_COOKIE,
  startInstall,
} from './shopify-install.service';

/** The browser's copy of a started sign-in's nonce: sent back only to this server's API. */
const keepNonce = (reply: FastifyReply, nonce: string, secure: boolean) =>
  reply.setCookie(SHOPIFY_STATE_COOKIE, nonce, {
    path: '/v2/api/external-auth/shopify',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 600,
  });

/** Shopify's app install and OAuth sign-in (source: `external/{provider}/oauth`, POST external-auth/{provider}). */
export async function shopifyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (protocol: string, host: string) => `${protocol}://${host}`;

  // The app's install link in the shop's admin: checked, then on to Shopify's grant screen.
  r.get(
    '/v2/shopify/install',
    {
      config: { access: 'public', answers: { 302: { description: 'To Shopify’s grant screen' } } },
      schema: { querystring: ZShopifySignedQuery },
    },
    async (request, reply) => {
      const { nonce, location } = startInstall(
        app.deps,
        request.query,
        origin(request.protocol, request.host),
      );
      keepNonce(reply, nonce, request.protocol === 'https');
      return reply.redirect(location, 302);
    },
  );

  r.get(
    '/v2/api/shops/shopify/authorize-url',
    {
      config: adminsOnly,
      schema: { querystring: ZShopifyAuthorizeQuery, response: { 200: ZShopifyAuthorizeResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { nonce, location } = authorizeForStore(
        app.deps,
        auth,
        request.query.shop,
        origin(request.protocol, request.host),
      );
      keepNonce(reply, nonce, request.protocol === 'https');
      return { url: location };
    },
  );

  r.post(
    '/v2/api/external-auth/shopify',
    {
      config: adminsOnly,
      schema: {
        querystring: ZShopifySignedQuery,
        body: ZShopifyExchangeRequest,
        response: { 200: ZShopConnection },
      },
    },
    async (request, reply) => {
      const connection = await finishForStore(app.deps, requireAuth(request), {
        query: request.query,
        code: request.body.token,
        nonce: request.cookies[SHOPIFY_STATE_COOKIE],
      });
      reply.clearCookie(SHOPIFY_STATE_COOKIE, { path: '/v2/api/external-auth/shopify' });
      return connection;
    },
  );
}
