/**
 * What a one-time-code contact (a supplier's contact person) may call (issue 34, points 2 and 5):
 * only the routes marked for contacts, generated from the registered route table so that a new
 * staff route is refused to contacts the day it is added; and a contact person disabled on the
 * supplier is refused within a second, not after the session cache's time.
 */
import type { TSupplier } from '@claimdesk/contracts';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { untilRefused } from './session-polling';

/** The routes a contact may call; adding one is a decision made here, in review. */
const CONTACT_ROUTES = [
  'GET /v2/api/claims',
  'GET /v2/api/claims/:id',
  'GET /v2/api/claims/number/:caseNumber',
  'GET /v2/api/claims/mails/:id/mail-logs',
  'GET /v2/api/claims/mails/mail-attachment',
  'GET /v2/api/claims/mails/preview/attachment',
  'GET /v2/api/claims/mails/zip/:id/attachments',
  'GET /v2/api/claims/mails/:id',
  'GET /v2/api/claims/mails/:id/source',
  'GET /v2/api/supplier-portal/me',
  'GET /v2/api/supplier-portal/cases',
  'GET /v2/api/supplier-portal/cases/:id',
  'POST /v2/api/supplier-portal/cases/:id/answers',
  'POST /v2/api/supplier-portal/cases/:id/messages',
  'POST /v2/api/supplier-portal/uploads',
  'POST /v2/api/sign-out',
  'POST /v2/api/sign-out-everywhere',
  'GET /v2/api/sessions',
];

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let supplier: TSupplier;

const supplierBody = (isDisabled: boolean, version: number) => ({
  name: 'Acme AS',
  organisationNumber: '111',
  compensationModes: ['credit-note'],
  contactPersons: [
    { id: supplier.contactPersons[0]?.id, fullName: 'Kari', email: 'kari@acme.test', isDisabled },
  ],
  version,
});

const routeKeys = (routes: RouteOptions[]) =>
  routes.flatMap((route) =>
    [route.method].flat().flatMap((method: HTTPMethods) => (method === 'HEAD' ? [] : [{ method, route }])),
  );

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))),
    companyName: store.companyName,
  };
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name: 'Acme AS',
      organisationNumber: '111',
      compensationModes: ['credit-note'],
      contactPersons: [{ fullName: 'Kari', email: 'kari@acme.test' }],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  supplier = made.json<TSupplier>();
});
afterAll(() => t.close());

describe('a contact', () => {
  it('gets 403 on every signed-in route not marked for contacts (from the route table)', async () => {
    const contact = {
      ...(await signInWithOtp(t.app, t.dataDir, 'kari@acme.test')),
      companyName: store.companyName,
    };
    const signedIn = routeKeys(t.routes).filter(({ route }) => route.config?.access !== 'public');
    const marked = signedIn
      .filter(({ route }) => route.config?.contacts === true && route.config.passwordUsersOnly !== true)
      .map(({ method, route }) => `${method} ${route.url}`);
    expect(marked.sort()).toEqual([...CONTACT_ROUTES].sort());

    const open: string[] = [];
    for (const { method, route } of signedIn) {
      const key = `${method} ${route.url}`;
      if (CONTACT_ROUTES.includes(key)) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
      const response = await call(t.app, contact, { method, url, ...(method !== 'GET' && { body: {} }) });
      if (response.statusCode !== 403) open.push(`${key} → ${String(response.statusCode)}`);
    }
    expect(open).toEqual([]);
  });

  it('disabled on the supplier is refused within a second', async () => {
    const contact = await signInWithOtp(t.app, t.dataDir, 'kari@acme.test');
    const me = async () => (await call(t.app, contact, { url: '/v2/api/supplier-portal/me' })).statusCode;
    expect(await me()).toBe(200);
    const updated = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(supplier.id)}`,
      body: supplierBody(true, supplier.version),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await untilRefused(me)).toBeLessThan(1000);
    supplier = updated.json<TSupplier>();
  });

  it('of a supplier that is disabled is refused within a second', async () => {
    const enabled = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(supplier.id)}`,
      body: supplierBody(false, supplier.version),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    supplier = enabled.json<TSupplier>();
    const contact = await signInWithOtp(t.app, t.dataDir, 'kari@acme.test');
    const me = async () => (await call(t.app, contact, { url: '/v2/api/supplier-portal/me' })).statusCode;
    expect(await me()).toBe(200);
    const disabled = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(supplier.id)}`,
      body: { ...supplierBody(false, supplier.version), isDisabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await untilRefused(me)).toBeLessThan(1000);
  });
});
