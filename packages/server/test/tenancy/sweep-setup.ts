/**
 * The tenancy sweep's set-up: one app with store A (./store-a), and two stores B signed in as
 * administrators (one of A's company, one of another), and the routes to sweep. A test file calls
 * setUpSweep() once, then reads t, a, sameCompany, otherCompany and routes (set in its beforeAll).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { XSRF, call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sampleBody } from './sample-bodies';
import { MARKER, PARTICIPANT_OF_A, createStoreA, mailIds, type StoreA } from './store-a';
import { fillPath, routesOf, type SweptRoute } from './sweep-routes';

export let t: TestApp;
export let a: StoreA;
export let sameCompany: { store: StoreFixture; session: Session };
export let otherCompany: { store: StoreFixture; session: Session };
export let routes: SweptRoute[];

export async function snapshotOfA() {
  const users = await call(t.app, a.session, { url: '/v2/api/users' });
  const preference = await call(t.app, a.session, { url: '/v2/api/users/user-preference' });
  const setting = await call(t.app, a.session, { url: '/v2/api/stores/setting' });
  const menu = await call(t.app, a.session, { url: '/v2/api/settings/initial-properties/json-config/menu' });
  const theCase = await call(t.app, a.session, { url: `/v2/api/claims/${a.caseId}` });
  const timeline = await call(t.app, a.session, { url: `/v2/api/claims/${a.caseId}/timeline` });
  const outsideAccess = await call(t.app, a.session, { url: `/v2/api/claims/${a.caseId}/outside-access` });
  expect(outsideAccess.body).toContain(PARTICIPANT_OF_A);
  const costs = await call(t.app, a.session, { url: `/v2/api/claims/${a.caseId}/costs` });
  const rates = await call(t.app, a.session, { url: '/v2/api/settings/exchange-rates' });
  expect(costs.body).toContain(MARKER);
  const itemTypes = await call(t.app, a.session, { url: '/v2/api/claim-item-types' });
  const suppliers = await call(t.app, a.session, { url: '/v2/api/suppliers?includeDisabled=true' });
  const mailTemplates = await call(t.app, a.session, { url: '/v2/api/settings/mail-templates' });
  const caseMails = await call(t.app, a.session, { url: `/v2/api/claims/mails/${a.caseId}/mail-logs` });
  const unmapped = await call(t.app, a.session, { url: '/v2/api/unmapped-mails?type=inbox' });
  const bin = await call(t.app, a.session, { url: '/v2/api/unmapped-mails?type=bin' });
  // A's mailbox with its proof state: a code mailed at B's request would show in it.
  const mailboxList = await call(t.app, a.session, { url: '/v2/api/settings/mailboxes' });
  const mailboxSignatures = await call(t.app, a.session, { url: '/v2/api/settings/mail-signatures' });
  const ownSignature = await call(t.app, a.session, { url: '/v2/api/users/my-signature' });
  expect(mailboxList.body).toContain(MARKER);
  expect(mailboxSignatures.body).toContain(`Signed ${MARKER}`);
  expect(ownSignature.body).toContain(`Ada ${MARKER}`);
  expect(theCase.statusCode).toBe(200);
  expect(caseMails.body).toContain(MARKER);
  expect(unmapped.body).toContain(MARKER);
  expect(bin.body).toContain(MARKER);
  expect(suppliers.body).toContain(MARKER);
  return {
    theCase: theCase.json<unknown>(),
    timeline: timeline.json<unknown>(),
    outsideAccess: outsideAccess.json<unknown>(),
    costs: costs.json<unknown>(),
    rates: rates.json<unknown>(),
    itemTypes: itemTypes.json<unknown>(),
    suppliers: suppliers.json<unknown>(),
    mailTemplates: mailTemplates.json<unknown>(),
    caseMails: caseMails.json<unknown>(),
    unmapped: unmapped.json<unknown>(),
    bin: bin.json<unknown>(),
    mailboxes: mailboxList.json<unknown>(),
    mailboxSignatures: mailboxSignatures.json<unknown>(),
    ownSignature: ownSignature.json<unknown>(),
    users: users.json<unknown>(),
    preference: preference.json<unknown>(),
    setting: setting.json<unknown>(),
    menu: menu.json<unknown>(),
  };
}

export function setUpSweep(): void {
  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreA(t);

    const storeB = async (companyId?: number) => {
      const store = await createStore(t.db, companyId === undefined ? {} : { companyId });
      const user = await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER', 'ADMIN_USER'] });
      const companyName = companyId === undefined ? store.companyName : a.store.companyName;
      const session = { ...(await signIn(t.app, user)), companyName };
      spareOfToken.set(
        session.token,
        await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER', 'ADMIN_USER'] }),
      );
      return { store: { ...store, companyName }, session };
    };
    sameCompany = await storeB(a.store.companyId);
    otherCompany = await storeB();
    routes = routesOf(t.routes).swept;
  });
  afterAll(() => t.close());
}

/**
 * Routes that end the caller's own sessions: swept as a spare user of the same store B, signed
 * in for the call, so that the store B session the sweep goes on with still stands.
 */
const ENDS_OWN_SESSION = new Set(['POST /v2/api/sign-out', 'POST /v2/api/sign-out-everywhere']);
/**
 * Store B's audit log names the sweep's own requests made as B (an export's filters carry the
 * marker and A's names from the query): that is B's record of B's calls. For these routes the
 * check is that no entry of A's administrator is answered.
 */
export const ECHOES_OWN_REQUESTS = new Set(['GET /v2/api/audit-log', 'GET /v2/api/exports/audit-log']);
const spareOfToken = new Map<string, UserFixture>();

export async function send(
  route: SweptRoute,
  given: Session,
  options: { tenantId?: string; company?: string; withQuery?: boolean } = {},
) {
  const spare = spareOfToken.get(given.token);
  const session =
    ENDS_OWN_SESSION.has(route.key) && spare ? { ...given, ...(await signIn(t.app, spare)) } : given;
  const body = sampleBody(route.key, a);
  if (body === undefined && !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && route.hasForeignId) {
    throw new Error(
      `The tenancy sweep has no sample body for ${route.key}; add one to sampleBody in tenancy/sample-bodies.ts`,
    );
  }
  const query = options.withQuery
    ? `?userName=${encodeURIComponent(a.admin.username)}&search=${MARKER}&type=open&workFlow=claim` +
      `&ids=${String(mailIds.unmapped)},${String(mailIds.mapped)}&caseId=${String(a.caseId)}`
    : '';
  return t.app.inject({
    method: route.method,
    url: fillPath(route, a) + query,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-tenant-id': options.tenantId ?? session.tenantId,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(options.company && { 'x-company': options.company }),
      ...(body?.headers as Record<string, string> | undefined),
    },
    ...(body?.payload !== undefined && { payload: body.payload }),
  });
}

export const describeResponse = (route: SweptRoute, response: LightMyRequestResponse) =>
  `${route.key} → ${response.statusCode} ${response.body.slice(0, 200)}`;
