import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isShopifyWebhook } from './shopify-oauth';
import { actOnShopifyWebhook, SHOPIFY_TOPICS, type ShopifyTopic } from './shopify-webhooks.service';

/** The largest webhook body taken: Shopify's privacy and uninstall payloads are a few KB. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Shopify's webhooks (app/uninstalled and the three privacy topics every app must take), at
 * `/v2/shopify/webhooks`: the body is kept as its bytes, because the signature is over them
 * (X-Shopify-Hmac-Sha256, the app's secret). A wrong signature is a 401 and nothing is done.
 */
export async function shopifyWebhookRoutes(app: FastifyInstance): Promise<void> {
  // This plugin's own parser: the other routes keep Fastify's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/v2/shopify/webhooks',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: {
        access: 'public',
        answers: { 200: { description: 'Taken' }, 401: { description: 'Not signed by Shopify' } },
      },
    },
    async (request) => {
      const secret = app.deps.config.SHOPIFY_API_SECRET;
      if (!secret) throw new AppError('NOT_FOUND', 'Shopify is not configured on this server');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-shopify-hmac-sha256'];
      if (!isShopifyWebhook(body, typeof signature === 'string' ? signature : undefined, secret))
        throw new AppError('UNAUTHENTICATED', 'The webhook is not signed by Shopify');
      const topic = String(request.headers['x-shopify-topic'] ?? '');
      const shop = String(request.headers['x-shopify-shop-domain'] ?? '');
      if (!(SHOPIFY_TOPICS as readonly string[]).includes(topic)) return { done: 'topic not taken' };
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The webhook body is no JSON', { body: 'Must be JSON' });
      }
      return { done: await actOnShopifyWebhook(app.deps, topic as ShopifyTopic, shop, payload) };
    },
  );
}
