import { ERROR_CODES, ZText } from '@claimdesk/contracts';
import swagger from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openApiResponses } from '../lib/openapi-answers';

/** Where the browsable reference is; its document is at `${DOCS_PATH}/openapi.json`. */
export const DOCS_PATH = '/v2/api/docs';

const PROBES = new Set(['/healthz', '/readyz']);

/** The error answer every route gives (lib/error-response.ts). */
const ERROR_SCHEMA: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES], description: 'What went wrong, for a program' },
    message: { type: 'string', description: 'What went wrong, in English, for a person' },
    fieldErrors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'A message per field of the request that was refused',
    },
    fieldIssues: {
      type: 'object',
      additionalProperties: { type: 'object' },
      description: 'A coded issue per refused field ({ code, params }), to word it in any language',
    },
  },
};
const ERROR_ANSWER = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The 4xx answers a route can give, from what it takes and who may call it. */
function errorAnswers(route: RouteOptions, isPublic: boolean): Record<string, unknown> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const takesInput = ['body', 'querystring', 'params'].some((part) => schema[part] !== undefined);
  return {
    ...(takesInput && { 400: ERROR_ANSWER('The request does not fit: fieldErrors names each field') }),
    ...(!isPublic && {
      401: ERROR_ANSWER('Not signed in, or the session has ended'),
      403: ERROR_ANSWER('Signed in, but not allowed this'),
    }),
    ...(schema.params !== undefined && { 404: ERROR_ANSWER('No such item in this store') }),
  };
}

const VERBS: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  DELETE: 'Delete',
  PATCH: 'Patch',
};

/** The path's words after its API prefix: `/v2/api/claims/{id}/archive` is claims/{id}/archive. */
const pathWords = (url: string) => url.replace(/^\/v2\/(api\/)?/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A summary from the method and path, unless the route gives its own (`config.summary`). */
const summaryOf = (method: string, url: string, own: string | undefined) =>
  own ?? `${VERBS[method] ?? method} ${pathWords(url)}`;

/** A unique operationId from the method and path: `GET /v2/api/claims/:id` is getClaimsById. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/v2\/(api\/)?/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1)}` : part))
    .map((part) => part.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/**
 * One name per path parameter position (OpenAPI: paths alike but for their names are one path):
 * the first route registered names a position; a later route of the same shape takes its names.
 */
function canonicalPath(
  names: Map<string, string[]>,
  url: string,
): { url: string; renames: Map<string, string> } {
  const shape = url.replace(/:[A-Za-z0-9_]+/g, ':');
  const own = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  const first = names.get(shape);
  if (!first) {
    names.set(shape, own);
    return { url, renames: new Map() };
  }
  const renames = new Map(
    own.map((name, i) => [name, first[i] ?? name]).filter(([a, b]) => a !== b) as [string, string][],
  );
  let i = 0;
  return { url: url.replace(/:[A-Za-z0-9_]+/g, () => `:${first[i++] ?? ''}`), renames };
}

/** A params JSON schema with its properties renamed. */
function renameParams(params: unknown, renames: Map<string, string>): unknown {
  if (renames.size === 0 || params === null || typeof params !== 'object') return params;
  const p = params as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...p,
    ...(p.properties && {
      properties: Object.fromEntries(Object.entries(p.properties).map(([k, v]) => [renames.get(k) ?? k, v])),
    }),
    ...(p.required && { required: p.required.map((k) => renames.get(k) ?? k) }),
  };
}

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
/** Puts the named schemas (`.meta({ id })`, such as JsonValue) among the document's components. */
const withNamedSchemas = createJsonSchemaTransformObject({ zodToJsonConfig: { unrepresentable: 'any' } });

const SHARED_REF = '#/components/schemas/__shared#/$defs/';

/** Every `$ref` of a JSON value rewritten by `rename`. */
const renameRefs = (value: unknown, rename: (ref: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' ? rename(v) : renameRefs(v, rename),
    ]),
  );
};

/**
 * fastify-type-provider-zod puts a recursive schema's body in a `__shared` component and refers to
 * it as `#/components/schemas/__shared#/$defs/schema0`, which no validator resolves: its
 * definitions become components of their own, and the references point at them.
 */
function flattenSharedSchemas<T>(original: T): T {
  const document = original as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const shared = (schemas.__shared as { $defs?: Record<string, unknown> } | undefined)?.$defs ?? {};
  const rest = Object.fromEntries(Object.entries(schemas).filter(([name]) => name !== '__shared'));
  const rename = (ref: string) =>
    ref.startsWith(SHARED_REF) ? `#/components/schemas/Shared_${ref.slice(SHARED_REF.length)}` : ref;
  const flattened = renameRefs(
    {
      ...document,
      components: {
        ...document.components,
        schemas: {
          ...rest,
          ...Object.fromEntries(Object.entries(shared).map(([name, schema]) => [`Shared_${name}`, schema])),
        },
      },
    },
    rename,
  );
  return flattened as T;
}

/**
 * OpenAPI 3.1 generated from the routes as registered: their zod schemas (the contracts) for
 * the request and every answer, and who may call each (public, or signed in with which roles).
 * Served as a browsable reference at DOCS_PATH, public like the sign-in page. Must be registered
 * before the routes, since it collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const pathNames = new Map<string, string[]>();
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
        schemas: { Error: ERROR_SCHEMA },
      },
    },
    transformObject: (document) => flattenSharedSchemas(withNamedSchemas(document)),
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
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const canonical = canonicalPath(pathNames, transformed.url);
      return {
        url: canonical.url,
        schema: {
          ...schema,
          ...(schema.params !== undefined && { params: renameParams(schema.params, canonical.renames) }),
          summary: summaryOf(method, canonical.url, route.config?.summary),
          operationId: operationIdOf(method, canonical.url),
          response: { ...errorAnswers(route, access.isPublic), ...(schema.response as object) },
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
