import { ZText } from '@claimdesk/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openApiResponses } from '../lib/openapi-answers';

/** Where the browsable reference is; its document is at `${DOCS_PATH}/openapi.json`. */
export const DOCS_PATH = '/v2/api/docs';

const PROBES = new Set(['/healthz', '/readyz']);

/** Who may call a route, as its options declare it (the auth hook enforces the same). */
function accessOf(route: RouteOptions): { isPublic: boolean; text: string; roles: readonly string[] } {
  const config = route.config ?? {};
  if (config.access === 'public') return { isPublic: true, text: 'Public: no sign-in.', roles: [] };
  const roles = config.roles ?? [];
  const parts = ['Signed in (bearer token and X-TENANT-ID; unsafe methods also need X-XSRF-TOKEN).'];
  if (route.url.startsWith('/v2/shared/')) parts.push("X-COMPANY names the store's company.");
  parts.push(roles.length > 0 ? `Roles: ${roles.join(', ')}.` : 'Any role.');
  if (config.passwordUsersOnly) parts.push('Not with a one-time-code sign-in.');
  return { isPublic: false, text: parts.join(' '), roles };
}

/** The API's feature from its path (`/v2/api/claims/:id` is `claims`), to group the reference. */
function tagOf(url: string): string {
  if (PROBES.has(url)) return 'health';
  const [, , area, feature] = url.split('/');
  if (area === 'api' || area === 'shared') return feature ?? area;
  return area ?? 'other';
}

const LIVE_SOCKET =
  'A WebSocket of live updates: its first message is { type: "auth", token, tenantId } (never the URL, ' +
  'which logs keep); then events of the store as JSON messages.';

const toJsonSchemas = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } });

/**
 * OpenAPI 3.1 generated from the routes as registered: their zod schemas (the contracts) for
 * the request and every answer, and who may call each (public, or signed in with which roles).
 * Served as a browsable reference at DOCS_PATH, public like the sign-in page. Must be registered
 * before the routes, since it collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Claimdesk API',
        version: '2',
        description:
          'Sign in at POST /v2/oauth/token (OAuth2 password or one-time-code grant, client credentials ' +
          'in Basic auth); send the token as a bearer token with X-TENANT-ID naming its store. Unsafe ' +
          'methods also send the XSRF-TOKEN cookie back in X-XSRF-TOKEN. Errors answer ' +
          '{ code, message, fieldErrors? }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          tenant: { type: 'apiKey', in: 'header', name: 'X-TENANT-ID' },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      // The web app's files and this reference's own pages are not API.
      if (!url.startsWith('/v2/') && !PROBES.has(url)) return { schema: { hide: true }, url };
      if (url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`)) return { schema: { hide: true }, url };
      // @fastify/websocket hides its routes; the live socket is part of the API.
      const isSocket = (route as { websocket?: boolean }).websocket === true;
      const transformed = isSocket
        ? {
            url,
            schema: {
              description: LIVE_SOCKET,
              response: { 101: { description: 'Switching Protocols', type: 'null' } },
            },
          }
        : toJsonSchemas(document);
      const access = accessOf(route);
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      // A route without a response schema says what it answers in its config (openapi-answers.ts).
      const answers = route.config?.answers;
      if (answers) schema.response = openApiResponses(answers);
      return {
        url: transformed.url,
        schema: {
          ...schema,
          tags: [tagOf(url)],
          description: [schema.description, isSocket ? '' : access.text].filter(Boolean).join('\n\n'),
          security: access.isPublic ? [] : [{ bearer: [], tenant: [] }],
          ...(access.roles.length > 0 && { 'x-roles': access.roles }),
        },
      };
    },
  });

  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
      // The static files' wildcard is read by @fastify/static, which refuses paths outside its folder.
      if (route.url.endsWith('/*'))
        route.schema = { ...route.schema, params: z.object({ '*': ZText.max(256) }) };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { deepLinking: true },
      theme: { title: 'Claimdesk API' },
    });
    docs.get(`${DOCS_PATH}/openapi.json`, () => docs.swagger());
  });
}
