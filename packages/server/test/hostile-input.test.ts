/**
 * Hostile input over EVERY registered route (recorded through Fastify's onRoute hook, so a new
 * route is covered the day it is added): fast-check derives values from the route's own zod
 * schemas (params, query, body), mixes in ids past the 32-bit range, NUL, lone surrogates,
 * 20,000-deep JSON, huge and wrongly typed values, and broken multipart, and sends them as
 * several roles. Any 5xx fails, printing the route, the role, the input and the seed.
 * A route without an input schema fails too, unless it is listed below as taking no input.
 */
import { sql } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signIn, signInWithOtp, XSRF, type Session } from './helpers/api';
import { createCase, createContact, createItemType, createStore, createUser } from './helpers/factories';
import type { ArbitraryContext } from './helpers/hostile-arbitraries';
import {
  hugeJsonBody,
  HOSTILE_HEADERS,
  hugeMultipartBody,
  jsonBodyArbitrary,
  multipartBodyArbitrary,
  queryArbitrary,
  RAW_BODIES,
  segmentsArbitrary,
  type HostileBody,
  type HostileInput,
} from './helpers/hostile-requests';
import { auditInputSchema } from './helpers/input-schema-audit';
import { createTestApp, type TestApp } from './helpers/test-app';
import { companySuppliers, mailLogs, suppliers } from '../src/db/schema';

/**
 * Routes that take no input at all (no path parameter, query or body): nothing to derive.
 * Adding a route here is a decision: it says the route reads nothing from the request.
 */
const NO_INPUT_ROUTES = new Set([
  'GET /v2/api/stores/setting',
  'GET /v2/api/users/roles',
  'GET /v2/api/users/user-preference',
  'GET /v2/api/claims/assignees',
  'GET /v2/api/claim-item-types',
  'GET /v2/api/settings/exchange-rates',
  'GET /v2/api/reports/my-desk',
  'GET /v2/api/reports/mail-count',
  'GET /v2/api/settings/mailboxes',
  'GET /v2/api/shops',
  // Shopify's webhooks: the body is the bytes Shopify signed, checked before it is read as JSON
  // (test/shops/shopify-webhooks.test.ts).
  'POST /v2/shopify/webhooks',
  'GET /v2/api/external-auth/providers',
  'GET /v2/api/settings/mail-signatures',
  'GET /v2/api/users/my-signature',
  'GET /v2/api/settings/initial-properties/mail-box-setup-status',
  'DELETE /v2/api/unmapped-mails/bin',
  // The live socket's upgrade: its input comes in socket messages (test/live), not in the request.
  'GET /v2/api/live',
  // The health probes (test/ops): they read nothing of the request.
  'GET /healthz',
  'GET /readyz',
  // The API reference's pages and documents (test/ops); its static files take a checked path.
  ...['/', '/static/index.html', '/static/swagger-initializer.js', '/json', '/yaml', '/openapi.json'].map(
    (page) => `GET /v2/api/docs${page}`,
  ),
  // The VAPID public key: the same for every caller.
  'GET /v2/api/fcm/public-key',
  // Signing out and one's own sessions: the token is all they read.
  'POST /v2/api/sign-out',
  'POST /v2/api/sign-out-everywhere',
  'GET /v2/api/sessions',
  // The supplier portal's contact and list: who is signed in is all they read.
  'GET /v2/api/supplier-portal/me',
  'GET /v2/api/supplier-portal/cases',
]);

/** Routes whose body is multipart (file uploads): they get broken and hostile multipart bodies. */
const MULTIPART_ROUTES = new Set([
  'POST /v2/api/users/profile-picture',
  'POST /v2/api/users/profile-picture/:id',
  'POST /v2/api/claims/mails/attachments',
  'POST /v2/api/supplier-portal/uploads',
]);

/**
 * Runs per route and role: the whole file stays well under a minute on PGlite. HOSTILE_RUNS
 * multiplies them for a longer hunt; HOSTILE_SEED replays a failure's printed seed.
 */
const RUNS: Record<string, number> = { superAdmin: 12, admin: 5, agent: 4, contact: 3, anonymous: 2 };
const RUNS_FACTOR = Number(process.env.HOSTILE_RUNS ?? '1');
const REPLAY = process.env.HOSTILE_SEED ? { seed: Number(process.env.HOSTILE_SEED) } : {};

interface Route {
  key: string;
  method: HTTPMethods;
  url: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  bodyLimit: number;
}

function routesOf(registered: RouteOptions[]): Route[] {
  return registered.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
    return (
      methods
        // HEAD runs the GET route's handler with the same input; GET covers it.
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          bodyLimit: route.bodyLimit ?? 1024 * 1024,
          ...schema,
        }))
    );
  });
}

const paramNames = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

let t: TestApp;
let routes: Route[];
let sessions: Record<string, Session | null>;
/** A sign-in of a spare user of each role, for the calls that end the caller's own sessions. */
let freshSessions: Record<string, () => Promise<Session>>;
const ENDS_OWN_SESSION = new Set(['POST /v2/api/sign-out', 'POST /v2/api/sign-out-everywhere']);
const ctx: ArbitraryContext = { ids: [], texts: [] };

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  const store = await createStore(t.db, { features: { supportClaim: true } as never });
  const victim = await createUser(t.db, store.tenantId);
  // The signed-in users' ids lie far from every generated id, so no call signs a role out.
  await t.db.execute(sql`ALTER TABLE users ALTER COLUMN id RESTART WITH 2000000000`);
  const [superAdmin, admin, agent] = await Promise.all(
    (['SUPER_ADMIN_USER', 'ADMIN_USER', 'STANDARD_USER'] as const).map((role) =>
      createUser(t.db, store.tenantId, { roles: [role] }),
    ),
  );
  const contact = await createContact(t.db, store.tenantId);
  const itemType = await createItemType(t.db, store.tenantId, { key: 'kettle', names: { en: 'Kettle' } });
  const theCase = await createCase(t.db, store.tenantId, {
    participants: [contact.email],
    items: [{ productName: 'Kettle', itemTypeId: itemType.id }],
  });
  const [mail] = await t.db
    .insert(mailLogs)
    .values({
      tenantId: store.tenantId,
      caseId: theCase.id,
      direction: 'in',
      messageId: '<m@x.test>',
      subject: 'x',
    })
    .returning();
  // A supplier of the store and one of its company, so that generated ids reach real rows.
  const [supplier] = await t.db
    .insert(suppliers)
    .values({ tenantId: store.tenantId, name: 'Acme', organisationNumber: '912345678' })
    .returning();
  const [companySupplier] = await t.db
    .insert(companySuppliers)
    .values({ companyId: store.companyId, name: 'Chain', organisationNumber: '912345678' })
    .returning();
  ctx.ids = [victim.id, itemType.id, theCase.id, mail?.id ?? 1, supplier?.id ?? 1, companySupplier?.id ?? 1];
  ctx.texts = [
    ...['menu', 'feature', 'translations', 'dashboard', 'cost-form', 'all', 'form', 'form.claim'],
    ...['status-options.support', 'list-columns.claim', 'tabs.claim', 'search-filters.support'],
    ...['claim', 'support', 'customer', 'supplier', 'forward', 'new', 'open', 'archive', 'en', 'nr'],
    ...['google', 'microsoft', 'INBOX', 'kettle', 'claim-received', 'Hostile-pass-1', 'true', 'false'],
    ...[
      victim.username,
      contact.email,
      store.tenantId,
      store.companyName,
      `mails/${String(mail?.id ?? 1)}/1`,
    ],
  ];
  sessions = {
    superAdmin: await signIn(t.app, superAdmin ?? victim),
    admin: await signIn(t.app, admin ?? victim),
    agent: await signIn(t.app, agent ?? victim),
    contact: await signInWithOtp(t.app, t.dataDir, contact.email),
    anonymous: null,
  };
  // Spare users of each role: a sign-out everywhere ends every session of its user.
  const [spareSuper, spareAdmin, spareAgent] = await Promise.all(
    (['SUPER_ADMIN_USER', 'ADMIN_USER', 'STANDARD_USER'] as const).map((role) =>
      createUser(t.db, store.tenantId, { roles: [role] }),
    ),
  );
  const spareContact = await createContact(t.db, store.tenantId);
  freshSessions = {
    superAdmin: () => signIn(t.app, spareSuper ?? victim),
    admin: () => signIn(t.app, spareAdmin ?? victim),
    agent: () => signIn(t.app, spareAgent ?? victim),
    contact: () => signInWithOtp(t.app, t.dataDir, spareContact.email),
  };
  routes = routesOf(t.routes);
});
afterAll(() => t.close());

function send(route: Route, session: Session | null, input: HostileInput): Promise<LightMyRequestResponse> {
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => input.segments[name] ?? '1');
  const url = input.query ? `${path}?${input.query}` : path;
  const headers: Record<string, string> = {
    ...(session && {
      authorization: `Bearer ${session.token}`,
      'x-tenant-id': session.tenantId,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    }),
    ...(input.body.contentType && { 'content-type': input.body.contentType }),
    ...(input.tenant !== undefined && { 'x-tenant-id': input.tenant, 'x-company': input.tenant }),
  };
  return t.app.inject({
    method: route.method,
    url,
    headers,
    ...(input.body.payload !== undefined && { payload: input.body.payload }),
  });
}

function inputArbitrary(route: Route): fc.Arbitrary<HostileInput> {
  const body: fc.Arbitrary<HostileBody> = MULTIPART_ROUTES.has(route.key)
    ? multipartBodyArbitrary()
    : route.body
      ? jsonBodyArbitrary(route.body, ctx)
      : fc.oneof(
          { arbitrary: fc.constant<HostileBody>({ label: 'no body' }), weight: 4 },
          { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 },
        );
  return fc.record({
    segments: segmentsArbitrary(paramNames(route.url), route.params, ctx),
    // One request in eight replaces the session's store headers with a hostile value.
    tenant: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 7 },
      { arbitrary: fc.constantFrom(...HOSTILE_HEADERS), weight: 1 },
    ),
    query: queryArbitrary(route.querystring, ctx),
    body,
  });
}

const describeInput = (input: HostileInput): string =>
  [
    `segments ${JSON.stringify(input.segments).slice(0, 300)}`,
    ...(input.tenant === undefined
      ? []
      : [`x-tenant-id and x-company ${JSON.stringify(input.tenant.slice(0, 100))}`]),
    `query ${input.query.slice(0, 3000)}${input.query.length > 300 ? '…' : ''}`,
    `body (${input.body.contentType ?? 'none'}) ${input.body.label.slice(0, 600)}`,
  ].join('\n    ');

describe('hostile input over every registered route', () => {
  it('knows every route: each has an input schema, or is listed as taking none', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unknown = routes
      .filter((r) => !r.params && !r.querystring && !r.body && !NO_INPUT_ROUTES.has(r.key))
      .filter((r) => !MULTIPART_ROUTES.has(r.key))
      .map((r) => r.key);
    expect(unknown, 'routes without a schema to derive input from').toEqual([]);
    const paramsWithoutSchema = routes
      .filter((r) => paramNames(r.url).length > 0 && !r.params)
      .map((r) => r.key);
    expect(paramsWithoutSchema, 'routes whose path parameters have no schema').toEqual([]);
    // The lists stay true: each names a registered route, and a listed route still takes no input.
    const byKey = new Map(routes.map((r) => [r.key, r]));
    const stale = [...NO_INPUT_ROUTES, ...MULTIPART_ROUTES].filter((key) => {
      const route = byKey.get(key);
      return !route || (NO_INPUT_ROUTES.has(key) && (route.params ?? route.querystring ?? route.body));
    });
    expect(stale, 'listed routes that are gone or now have a schema').toEqual([]);
  });

  it('checks every text, id and JSON value a route takes (ZText, ZId, ZSafeJson)', () => {
    const problems = routes.flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema = r[part];
        return schema ? auditInputSchema(schema, `${r.key} ${part}`) : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  for (const role of Object.keys(RUNS)) {
    it(`never answers 5xx to generated and hostile input, as ${role}`, async () => {
      const session = sessions[role] ?? null;
      const failures: string[] = [];
      for (const route of routes) {
        let last: { status: number; body: string } = { status: 0, body: '' };
        const examples: [HostileInput][] =
          role === 'superAdmin' && ['POST', 'PUT', 'DELETE'].includes(route.method)
            ? [
                [
                  {
                    segments: {},
                    query: '',
                    body: MULTIPART_ROUTES.has(route.key)
                      ? hugeMultipartBody()
                      : hugeJsonBody(route.bodyLimit),
                  },
                ],
              ]
            : [];
        const details = await fc.check(
          fc.asyncProperty(inputArbitrary(route), async (input) => {
            // A sign-out would end the session the sweep goes on with: a spare user's ends instead.
            const fresh = ENDS_OWN_SESSION.has(route.key) ? freshSessions[role] : undefined;
            const response = await send(route, fresh ? await fresh() : session, input);
            last = { status: response.statusCode, body: response.body.slice(0, 300) };
            return response.statusCode < 500;
          }),
          { numRuns: (RUNS[role] ?? 1) * RUNS_FACTOR, endOnFailure: true, examples, ...REPLAY },
        );
        if (details.failed) {
          const input = details.counterexample?.[0];
          failures.push(
            `${route.key} as ${role} → ${String(last.status)} ${last.body}\n    ${
              input ? describeInput(input) : String(details.errorInstance)
            }\n    seed ${String(details.seed)}, path ${String(details.counterexamplePath)}`,
          );
        }
      }
      expect(failures.join('\n\n')).toBe('');
    }, 120_000);
  }
});
