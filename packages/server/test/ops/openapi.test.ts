import SwaggerParser from '@apidevtools/swagger-parser';
import { ADMIN_ROLES } from '@claimdesk/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH } from '../../src/plugins/openapi';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Operation {
  summary?: string;
  operationId?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** `/v2/api/claims/:id` as OpenAPI writes it: `/v2/api/claims/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let spec: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/openapi.json` });
  expect(response.statusCode).toBe(200);
  spec = response.json<OpenApi>();
});
afterAll(() => t.close());

/** A path's shape: its parameters unnamed (the reference names one position alike on every path). */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const operation = (method: string, url: string) => {
  const shape = shapeOf(openApiPath(url));
  const path = Object.keys(spec.paths).find((p) => shapeOf(p) === shape) ?? '';
  return spec.paths[path]?.[method.toLowerCase()];
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the document, with its method and path. */
const operationsOf = () =>
  Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('OpenAPI reference', () => {
  it('is OpenAPI 3.1 and holds every registered route but its own pages', () => {
    expect(spec.openapi).toBe('3.1.0');
    const routes = t.routes.filter((route: RouteOptions) => !route.url.startsWith(DOCS_PATH));
    const keys = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        // HEAD answers as GET does; the reference lists the GET.
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${route.url}`),
    );
    expect(keys.length).toBeGreaterThan(50);
    const missing = keys.filter((key) => {
      const [method = '', url = ''] = key.split(' ');
      return !operation(method, url);
    });
    expect(missing).toEqual([]);
    expect(Object.keys(spec.paths).filter((p) => p.startsWith(DOCS_PATH))).toEqual([]);
  });

  it('gives each route its request and answer schemas from the contracts', () => {
    const create = operation('POST', '/v2/api/users');
    expect(create?.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object' });
    expect(create?.responses['201']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    const list = operation('GET', '/v2/api/users');
    expect(list?.parameters?.some((p) => p.in === 'query' && p.name === 'search')).toBe(true);
    const byId = operation('GET', '/v2/api/claims/:id');
    expect(byId?.parameters?.some((p) => p.in === 'path' && p.name === 'id')).toBe(true);
    const ready = operation('GET', '/readyz');
    expect(Object.keys(ready?.responses ?? {}).sort()).toEqual(['200', '503']);
  });

  it('says what every route answers: a schema, a file type, or no body (never a bare default)', () => {
    const vague: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        // A redirect is an answer too (Shopify's install link sends the browser on with a 302).
        const success = Object.entries(op.responses).filter(([code]) => /^(2|30[1278]|101)/.test(code));
        const isVague =
          success.length === 0 ||
          success.some(
            ([code, answer]) =>
              code !== '204' &&
              code !== '101' &&
              !answer.content &&
              answer.description === 'Default Response',
          );
        if (isVague) vague.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(vague).toEqual([]);
    // JSON a route writes itself is still described by its contract; files by their type.
    const list = operation('GET', '/v2/api/claims');
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    const source = operation('GET', '/v2/api/claims/mails/:id/source');
    expect(Object.keys(source?.responses['200']?.content ?? {})).toEqual(['message/rfc822']);
    expect(operation('DELETE', '/v2/api/claims/:id')?.responses['204']).toBeDefined();
  });

  it('says who may call each route: public, or signed in with its roles', () => {
    const create = operation('POST', '/v2/api/users');
    expect(create?.['x-roles']).toEqual([...ADMIN_ROLES]);
    expect(create?.description).toContain(`Roles: ${ADMIN_ROLES.join(', ')}.`);
    expect(create?.security).toEqual([{ bearer: [], tenant: [] }]);
    expect(create?.tags).toEqual(['users']);
    const shared = t.routes.find((route) => route.url.startsWith('/v2/shared/') && route.method === 'GET');
    expect(operation('GET', shared?.url ?? '')?.description).toContain('X-COMPANY');
    const token = operation('POST', '/v2/oauth/token');
    expect(token?.security).toEqual([]);
    expect(token?.description).toContain('Public');
    // Every signed-in route carries the bearer requirement; every public one an empty one.
    for (const route of t.routes.filter((r) => !r.url.startsWith(DOCS_PATH))) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      const isPublic = route.config?.access === 'public';
      for (const method of methods)
        expect(operation(method, route.url)?.security, `${method} ${route.url}`).toEqual(
          isPublic ? [] : [{ bearer: [], tenant: [] }],
        );
    }
  });

  it('serves a browsable reference to anyone', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = /src="\.?\/?([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1] ?? '';
    expect(script).not.toBe('');
    const bundle = await t.app.inject({
      method: 'GET',
      url: `${DOCS_PATH}/${script.replace(/^.*?static\//, 'static/')}`,
    });
    expect(bundle.statusCode).toBe(200);
  });

  it('includes the live socket, which its plugin hides', () => {
    const live = operation('GET', '/v2/api/live');
    expect(live?.description).toContain('WebSocket');
    expect(Object.keys(live?.responses ?? {})).toEqual(['101']);
  });

  // As a client generator reads it (issue 36 point 4).
  it('is valid, every reference resolved', async () => {
    // validate() mutates what it is given: a copy.
    await expect(SwaggerParser.validate(structuredClone(spec) as never)).resolves.toBeTruthy();
  });

  it('gives each operation a summary and a unique operationId', () => {
    const all = operationsOf();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(({ operation }) => !operation.summary?.trim()).map(({ at }) => at)).toEqual([]);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the error answers of every route that takes input or a sign-in, in the error shape', () => {
    // The probes and the live socket (signed in by its first message) answer no 4xx.
    const canRefuse = ({ operation }: { operation: Operation }) =>
      (operation.security?.length ?? 0) > 0 ||
      (operation.parameters?.length ?? 0) > 0 ||
      operation.requestBody !== undefined;
    const withoutErrors = operationsOf()
      .filter(canRefuse)
      .filter(({ operation }) => !Object.keys(operation.responses).some((code) => code.startsWith('4')))
      .map(({ at }) => at);
    expect(operationsOf().filter(canRefuse).length).toBeGreaterThan(100);
    expect(withoutErrors).toEqual([]);
    const claim = spec.paths['/v2/api/claims/{id}']?.get;
    expect(claim?.responses?.['404']?.content?.['application/json']?.schema).toMatchObject({
      $ref: '#/components/schemas/Error',
    });
  });

  it('names the parameters of one path position alike', () => {
    const templates = new Map<string, string>();
    const clashes: string[] = [];
    for (const path of Object.keys(spec.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      const seen = templates.get(shape);
      if (seen && seen !== path) clashes.push(`${seen} / ${path}`);
      templates.set(shape, path);
    }
    expect(clashes).toEqual([]);
  });
});
