/**
 * The tenancy sweep: walks EVERY route the app registers (recorded through Fastify's onRoute
 * hook, so a new route is swept the day it is added) with another store's token and another
 * store's ids, and expects refusal. A route with a path parameter the sweep cannot fill, or a
 * new public route, fails the test until this file is extended on purpose.
 */
import type { HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF, call, requestToken, signIn, type Session } from './helpers/api';
import {
  createCase,
  createContact,
  createItemType,
  createStore,
  createUser,
  type StoreFixture,
  type UserFixture,
} from './helpers/factories';
import { multipartFile, pngBytes } from './helpers/files';
import { waitForLinks } from './helpers/password-links';
import { createTestApp, type TestApp } from './helpers/test-app';
import { DEFAULT_DASHBOARD } from '@claimdesk/contracts';
import { companies, companyProperties, companySuppliers, mailLogs, storeProperties } from '../src/db/schema';

const MARKER = 'qxmarker';

/** Routes anyone may call without a session; adding one here is a decision, not an accident. */
const PUBLIC_ROUTES = new Set([
  'POST /v2/api/stores/check-user',
  'POST /v2/oauth/token',
  'PUT /v2/api/users/reset-password',
  // "Forgot password?" and the page its mailed link opens (reset or invitation): the link's token
  // is the proof, bound to its store (see the last test here).
  'POST /v2/api/users/forgot-password',
  'GET /v2/api/users/password-link',
  'HEAD /v2/api/users/password-link',
  'POST /v2/api/users/set-password',
  'GET /v2/public/profile-pictures/:file',
  'HEAD /v2/public/profile-pictures/:file',
  // The live socket: public to the HTTP hook on purpose, because its token comes in the socket's
  // first message (never in the URL, which logs keep); test/live checks that sign-in and its store.
  'GET /v2/api/live',
  'HEAD /v2/api/live',
  // Probes of a load balancer or process manager: they say nothing of any store (test/ops).
  'GET /healthz',
  'HEAD /healthz',
  'GET /readyz',
  'HEAD /readyz',
  // The API reference (OpenAPI and its browsable pages, test/ops): documentation, no store's data.
  ...[
    '',
    '/',
    '/static/index.html',
    '/static/swagger-initializer.js',
    '/static/*',
    '/json',
    '/yaml',
    '/openapi.json',
  ]
    .flatMap((page) => [`GET /v2/api/docs${page}`, `HEAD /v2/api/docs${page}`])
    .filter((key) => key !== 'GET /v2/api/docs'),
]);

interface StoreA {
  store: StoreFixture;
  admin: UserFixture;
  agent: UserFixture;
  session: Session;
  /** Store A's stored menu document. */
  propertyId: number;
  /** A stored document of a company no store B belongs to (the shared path's foreign id). */
  companyPropertyId: number;
  /** Store A's case (its customer and item carry the marker) and item type. */
  caseId: number;
  caseNumber: number;
  itemTypeId: number;
  /** Store A's supplier (its name and contact person carry the marker). */
  supplierId: number;
  /** A supplier of the company no store B belongs to (the shared path's foreign id). */
  companySupplierId: number;
}

/**
 * How to fill each path parameter. Ids (`id`, `…Id`) get an id of store A's data, so the call
 * from store B addresses A's record; extend `idOf` when a route takes another kind of id.
 */
const ID_PARAM = /^(id|[a-z]+Id|caseNumber)$/;
const idOf = (a: StoreA, param: string, url: string): string => {
  if (param === 'propertyId')
    return String(url.startsWith('/v2/shared/') ? a.companyPropertyId : a.propertyId);
  // Case numbers are per store: A's case's number names no case of B's store.
  if (param === 'caseNumber') return String(a.caseNumber);
  // The mail read routes get A's mails: its case's mail, or its unmapped one.
  if (/^\/v2\/api\/claims\/mails\/(zip\/)?:id(\/mark-read-status|\/attachments|\/source)?$/.test(url))
    return String(mailIds.mapped);
  if (/^\/v2\/api\/claims\/mails\/:id\/(cancel-send|send-now)$/.test(url)) return String(mailIds.mapped);
  // A's binned mail: the one restore would take back.
  if (url === '/v2/api/claims/mails/:id/restore') return String(mailIds.binned);
  if (url.startsWith('/v2/api/unmapped-mails/')) return String(mailIds.unmapped);
  // A's cost line and credit note on its case, and its exchange rate.
  if (param === 'costId') return String(costIds.line);
  if (param === 'noteId') return String(costIds.creditNote);
  if (url.startsWith('/v2/api/settings/exchange-rates/')) return String(costIds.rate);
  // A's case's cost report.
  if (url.startsWith('/v2/api/reports/get-cost-reg-pdf/')) return String(a.caseId);
  if (url.startsWith('/v2/api/claims/') || url.startsWith('/v2/api/supplier-portal/cases/'))
    return String(a.caseId);
  if (url.startsWith('/v2/api/claim-item-types/')) return String(a.itemTypeId);
  if (url.startsWith('/v2/api/suppliers/')) return String(a.supplierId);
  if (url.startsWith('/v2/shared/suppliers/')) return String(a.companySupplierId);
  if (url.startsWith('/v2/api/settings/mail-templates/')) return String(mailTemplateId);
  if (
    url.startsWith('/v2/api/settings/mailboxes/') ||
    url.startsWith('/v2/api/settings/mail-signatures/') ||
    url.includes('/remove-authorization/')
  )
    return String(mailboxId);
  return String(a.agent.id);
};
/** A one-time-code participant of A's case: B taking it off would show in A's outside access. */
const PARTICIPANT_OF_A = 'participant-of-a@outside.test';
const VALUE_PARAMS: Record<string, string> = {
  email: PARTICIPANT_OF_A,
  name: 'menu',
  option: 'menu',
  workFlow: 'claim',
  provider: 'google',
  messageSource: 'mail',
};
/** Store A's mails (their subjects carry the marker): one on its case, one unmapped, one in the bin. */
const mailIds = { mapped: 0, unmapped: 0, binned: 0 };
/** Store A's own mail template (its key and texts carry the marker). */
let mailTemplateId = 0;
/** Store A's cost line and credit note (their notes carry the marker) and exchange rate. */
const costIds = { line: 0, creditNote: 0, rate: 0 };
const sweepCostLine = {
  costType: 'shipping',
  amountMinor: 100,
  currency: 'NOK',
  vatRate: 25,
  costDate: '2026-01-15',
  paidBy: 'supplier',
};
/** Store A's mailbox (its address carries the marker). */
let mailboxId = 0;

/** Store A's browser subscription for notifications (web push). */
const sweepPushSubscription = {
  // A push service's host: the server refuses endpoints at any other with 400 (issue 34).
  endpoint: 'https://fcm.googleapis.com/fcm/send/sweep-a-browser',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** A valid body for each unsafe route, so that a refusal is about tenancy, not about the body. */
const takenMenu = [{ key: 'taken', label: 'Taken over', workFlow: 'claim' }];
const takenMail = { to: ['taken@over.test'], subject: 'Taken over', html: '<p>Taken over</p>' };

function sampleBody(key: string, a: StoreA): Pick<InjectOptions, 'payload' | 'headers'> | undefined {
  const picture = () => {
    const { payload, headers } = multipartFile(pngBytes());
    return { payload, headers };
  };
  const bodies: Record<string, () => Pick<InjectOptions, 'payload' | 'headers'>> = {
    'POST /v2/api/users': () => ({
      payload: {
        username: `sweep-${String(Math.random()).slice(2, 10)}@sweep.test`,
        firstName: 'Sweep',
        lastName: 'User',
        roles: ['STANDARD_USER'],
        password: 'Sweep-pass-1',
      },
    }),
    'POST /v2/api/users/invite': () => ({
      payload: {
        username: `sweep-${String(Math.random()).slice(2, 10)}@sweep.test`,
        firstName: 'Sweep',
        lastName: 'Invited',
        roles: ['STANDARD_USER'],
      },
    }),
    'POST /v2/api/users/:id/invite': () => ({}),
    'PUT /v2/api/users/:id': () => ({
      payload: { username: a.agent.username, firstName: 'Taken', lastName: 'Over', roles: ['ADMIN_USER'] },
    }),
    'DELETE /v2/api/users/:id': () => ({}),
    'PUT /v2/api/users/update-password/:id': () => ({ payload: { password: 'Taken-over-1' } }),
    'PUT /v2/api/users/:id/disabled': () => ({ payload: { isDisabled: true } }),
    'PUT /v2/api/users/user-preference': () => ({ payload: { sweep: 'value' } }),
    // A's browser's endpoint: B subscribing or unsubscribing it touches only B's own rows.
    'PUT /v2/api/fcm/subscribe': () => ({ payload: sweepPushSubscription }),
    'DELETE /v2/api/fcm/subscribe': () => ({ payload: { endpoint: sweepPushSubscription.endpoint } }),
    'POST /v2/api/users/profile-picture': picture,
    'POST /v2/api/users/profile-picture/:id': picture,
    'PUT /v2/api/claims/:id': () => ({ payload: { version: 1, description: 'Taken over' } }),
    'PUT /v2/api/claims/:id/status': () => ({ payload: { status: 'resolved', version: 1 } }),
    'PUT /v2/api/claims/:id/assignee': () => ({ payload: { assignee: null, version: 1 } }),
    'PUT /v2/api/claims/:id/archive': () => ({ payload: { version: 1 } }),
    'PUT /v2/api/claims/:id/reopen': () => ({ payload: { version: 1 } }),
    'DELETE /v2/api/claims/:id': () => ({}),
    'POST /v2/api/claims/:id/costs': () => ({ payload: { ...sweepCostLine, note: 'Taken over' } }),
    'PUT /v2/api/claims/:id/costs/:costId': () => ({ payload: { ...sweepCostLine, version: 1 } }),
    'DELETE /v2/api/claims/:id/costs/:costId': () => ({}),
    'POST /v2/api/claims/:id/credit-notes': () => ({
      payload: { number: 'TAKEN', noteDate: '2026-01-15', amountMinor: 100, currency: 'NOK' },
    }),
    'DELETE /v2/api/claims/:id/credit-notes/:noteId': () => ({}),
    'POST /v2/api/supplier-portal/cases/:id/answers': () => ({
      payload: { outcome: 'accepted', compensationMode: 'credit-note', creditNoteNumber: 'TAKEN' },
    }),
    'POST /v2/api/supplier-portal/cases/:id/messages': () => ({ payload: { text: 'Taken over' } }),
    'PUT /v2/api/claims/:id/recovery': () => ({
      payload: { expectedCreditMinor: 0, isWrittenOff: true, writeOffReason: 'Taken over' },
    }),
    'DELETE /v2/api/settings/exchange-rates/:id': () => ({}),
    'PUT /v2/api/claim-item-types/:id': () => ({ payload: { names: { en: 'Taken' }, isDisabled: true } }),
    'DELETE /v2/api/claim-item-types/:id': () => ({}),
    'PUT /v2/api/settings/mailboxes/:id': () => ({ payload: { address: 'taken@over.test' } }),
    'PUT /v2/api/settings/mailboxes/:id/enabled': () => ({ payload: { isEnabled: false } }),
    'POST /v2/api/settings/mailboxes/:id/test': () => ({}),
    'POST /v2/api/settings/mailboxes/:id/verification': () => ({}),
    'POST /v2/api/settings/mailboxes/:id/verify': () => ({ payload: { code: 'ABCDEFGH' } }),
    'DELETE /v2/api/settings/mailboxes/:id': () => ({}),
    'PUT /v2/api/settings/mail-signatures/:mailboxId': () => ({
      payload: { signatures: { en: '<p>Taken over</p>' } },
    }),
    'PUT /v2/api/users/my-signature': () => ({ payload: { signatures: { en: '<p>Taken over</p>' } } }),
    'DELETE /v2/api/settings/initial-properties/remove-authorization/:id': () => ({}),
    // B's administrator writes B's own menu through the forms; A's stays as it was.
    'PUT /v2/api/settings/store-forms/:name': () => ({ payload: { value: takenMenu, version: null } }),
    'POST /v2/api/claims/mails/:workFlow/mail-compose/:id': () => ({ payload: takenMail }),
    'POST /v2/api/claims/:id/send-to-supplier': () => ({ payload: takenMail }),
    'POST /v2/api/claims/:id/withdraw-from-supplier': () => ({}),
    'DELETE /v2/api/claims/:id/participants/:email': () => ({}),
    'POST /v2/api/claims/mails/:workFlow/mail-logs': () => ({ payload: { ...takenMail, caseId: a.caseId } }),
    'PUT /v2/api/claims/mails/:workFlow/mail-logs/:id': () => ({ payload: { ...takenMail, send: true } }),
    'PUT /v2/api/claims/mails/resend/:id': () => ({}),
    'POST /v2/api/unmapped-mails/compose-mail/drafts': () => ({
      payload: { ...takenMail, mailLogId: mailIds.unmapped },
    }),
    'PUT /v2/api/unmapped-mails/compose-mail/drafts/:id': () => ({ payload: { ...takenMail, send: true } }),
    'PUT /v2/api/claims/mails/:id/cancel-send': () => ({}),
    'PUT /v2/api/claims/mails/:id/send-now': () => ({}),
    'PUT /v2/api/settings/mail-templates/:id': () => ({ payload: { subject: 'Taken over', version: 1 } }),
    'DELETE /v2/api/settings/mail-templates/:id': () => ({}),
    'DELETE /v2/api/claims/mails/:id': () => ({}),
    'PUT /v2/api/claims/mails/:id/mark-read-status': () => ({}),
    'PUT /v2/api/unmapped-mails/:id/map': () => ({ payload: { caseId: a.caseId } }),
    'POST /v2/api/unmapped-mails/:id/create-case': () => ({ payload: { workFlow: 'claim' } }),
    'DELETE /v2/api/unmapped-mails/:id/create-case': () => ({}),
    'POST /v2/api/unmapped-mails/:id/reparse': () => ({}),
    'POST /v2/api/claims/mails/move': () => ({
      payload: { mailIds: [mailIds.mapped, mailIds.unmapped], caseId: null },
    }),
    'PUT /v2/api/claims/mails/:id/restore': () => ({}),
    'DELETE /v2/api/unmapped-mails/bin': () => ({}),
    // B finding or erasing a customer touches B's rows only (A's snapshot stays as it was).
    'POST /v2/api/privacy/customer-data/search': () => ({ payload: { email: 'kari@a.test' } }),
    'POST /v2/api/privacy/customer-data/erase': () => ({
      payload: { email: 'kari@a.test', confirmEmail: 'kari@a.test' },
    }),
    ...Object.fromEntries(
      ['/v2/api/suppliers', '/v2/shared/suppliers'].flatMap((base) => [
        [`PUT ${base}/:id`, () => ({ payload: { name: 'Taken over', version: 1, isDisabled: true } })],
        [`DELETE ${base}/:id`, () => ({})],
      ]),
    ),
    ...Object.fromEntries(
      [
        ['/v2/api/settings/initial-properties', a.propertyId],
        ['/v2/shared/initial-properties', a.companyPropertyId],
      ].flatMap(([base, foreignId]) => [
        [`POST ${String(base)}`, () => ({ payload: { name: 'dashboard', value: DEFAULT_DASHBOARD } })],
        [`PUT ${String(base)}/:propertyId`, () => ({ payload: { value: takenMenu, version: 1 } })],
        [`PUT ${String(base)}`, () => ({ payload: { name: 'menu', value: takenMenu } })],
        [`DELETE ${String(base)}`, () => ({ payload: { ids: [foreignId] } })],
        [`DELETE ${String(base)}/:propertyId`, () => ({})],
      ]),
    ),
  };
  return bodies[key]?.();
}

interface SweptRoute {
  key: string;
  method: HTTPMethods;
  url: string;
  path: string;
  hasForeignId: boolean;
}

function routesOf(routes: RouteOptions[]): { swept: SweptRoute[]; publicKeys: string[] } {
  const swept: SweptRoute[] = [];
  const publicKeys: string[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if ((route.config as { access?: string } | undefined)?.access === 'public') {
        publicKeys.push(key);
        continue;
      }
      swept.push({
        key,
        method,
        url: route.url,
        path: '',
        hasForeignId:
          /:\w+/.test(route.url) && [...route.url.matchAll(/:(\w+)/g)].some((m) => ID_PARAM.test(m[1] ?? '')),
      });
    }
  }
  return { swept, publicKeys };
}

function fillPath(route: SweptRoute, a: StoreA): string {
  return route.url.replace(/:(\w+)/g, (_match, param: string) => {
    if (ID_PARAM.test(param)) return idOf(a, param, route.url);
    const value = VALUE_PARAMS[param];
    if (value === undefined) {
      throw new Error(
        `The tenancy sweep cannot fill :${param} of ${route.key}; extend VALUE_PARAMS or idOf in tenancy.test.ts`,
      );
    }
    return value;
  });
}

let t: TestApp;
let a: StoreA;
let sameCompany: { store: StoreFixture; session: Session };
let otherCompany: { store: StoreFixture; session: Session };
let routes: SweptRoute[];

async function snapshotOfA() {
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

beforeAll(async () => {
  t = await createTestApp();
  const storeA = await createStore(t.db, { tenantId: `store-${MARKER}`, companyName: `Company of A` });
  const admin = await createUser(t.db, storeA.tenantId, {
    username: `admin-${MARKER}@a.test`,
    roles: ['ADMIN_USER'],
    firstName: `Ada ${MARKER}`,
    lastName: `Admin ${MARKER}`,
  });
  const agent = await createUser(t.db, storeA.tenantId, {
    username: `agent-${MARKER}@a.test`,
    firstName: `Alex ${MARKER}`,
    lastName: `Agent ${MARKER}`,
  });
  const [menu] = await t.db
    .insert(storeProperties)
    .values({
      tenantId: storeA.tenantId,
      name: 'menu',
      value: [{ key: MARKER, label: MARKER, workFlow: 'claim' }],
    })
    .returning();
  const [companyC] = await t.db
    .insert(companies)
    .values({ name: `Company C ${MARKER}` })
    .returning();
  const [companyMenu] = await t.db
    .insert(companyProperties)
    .values({ companyId: companyC?.id ?? 0, name: 'menu', value: [{ key: MARKER, label: MARKER }] })
    .returning();
  a = {
    store: storeA,
    admin,
    agent,
    session: { ...(await signIn(t.app, admin)), companyName: storeA.companyName },
    propertyId: menu?.id ?? 0,
    companyPropertyId: companyMenu?.id ?? 0,
    caseId: 0,
    caseNumber: 0,
    itemTypeId: 0,
    supplierId: 0,
    companySupplierId: 0,
  };
  const itemType = await createItemType(t.db, storeA.tenantId, { key: MARKER, names: { en: MARKER } });
  const theCase = await createCase(t.db, storeA.tenantId, {
    customerName: `Kari ${MARKER}`,
    assignee: agent.username,
    items: [{ productName: `Kettle ${MARKER}`, itemTypeId: itemType.id }],
    participants: [PARTICIPANT_OF_A],
  });
  a.itemTypeId = itemType.id;
  a.caseId = theCase.id;
  a.caseNumber = theCase.caseNumber;
  const supplier = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name: `Supplier ${MARKER}`,
      contactPersons: [{ fullName: `Person ${MARKER}`, email: `person-${MARKER}@supplier.test` }],
    },
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  a.supplierId = supplier.json<{ id: number }>().id;
  const [companySupplier] = await t.db
    .insert(companySuppliers)
    .values({ companyId: companyC?.id ?? 0, name: `Company supplier ${MARKER}` })
    .returning();
  a.companySupplierId = companySupplier?.id ?? 0;
  await createContact(t.db, storeA.tenantId, { email: `contact-${MARKER}@supplier.test` });
  for (const [key, caseId] of [
    ['mapped', theCase.id],
    ['unmapped', null],
    ['binned', null],
  ] as const) {
    const [mail] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: storeA.tenantId,
        caseId,
        direction: 'in',
        messageId: `<${key}-${MARKER}@a.test>`,
        subject: MARKER,
        isDeleted: key === 'binned',
      })
      .returning();
    mailIds[key] = mail?.id ?? 0;
  }
  const costUrl = `/v2/api/claims/${String(theCase.id)}`;
  const withLine = await call(t.app, a.session, {
    method: 'POST',
    url: `${costUrl}/costs`,
    body: { ...sweepCostLine, note: `Freight ${MARKER}` },
  });
  expect(withLine.statusCode, withLine.body).toBe(201);
  costIds.line = withLine.json<{ lines: { id: number }[] }>().lines[0]?.id ?? 0;
  const withNote = await call(t.app, a.session, {
    method: 'POST',
    url: `${costUrl}/credit-notes`,
    body: {
      number: 'KN-1',
      noteDate: '2026-01-20',
      amountMinor: 100,
      currency: 'NOK',
      note: `Credit ${MARKER}`,
    },
  });
  expect(withNote.statusCode, withNote.body).toBe(201);
  costIds.creditNote = withNote.json<{ creditNotes: { id: number }[] }>().creditNotes[0]?.id ?? 0;
  const rate = await call(t.app, a.session, {
    method: 'PUT',
    url: '/v2/api/settings/exchange-rates',
    body: { currency: 'EUR', rateDate: '2026-01-01', rate: 11.5 },
  });
  expect(rate.statusCode, rate.body).toBe(200);
  costIds.rate = rate.json<{ id: number }>().id;
  const template = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/settings/mail-templates',
    body: {
      key: MARKER,
      workFlow: 'claim',
      sendType: 'customer',
      language: 'en',
      subject: MARKER,
      body: MARKER,
    },
  });
  expect(template.statusCode).toBe(201);
  mailTemplateId = template.json<{ id: number }>().id;
  const mailbox = await call(t.app, a.session, {
    method: 'POST',
    url: '/v2/api/settings/mailboxes',
    body: { kind: 'forward', address: `box-${MARKER}@a.test` },
  });
  expect(mailbox.statusCode).toBe(201);
  mailboxId = mailbox.json<{ id: number }>().id;
  for (const [url, html] of [
    [`/v2/api/settings/mail-signatures/${String(mailboxId)}`, `<p>Signed ${MARKER}</p>`],
    ['/v2/api/users/my-signature', `<p>Ada ${MARKER}</p>`],
  ] as const) {
    const signature = await call(t.app, a.session, {
      method: 'PUT',
      url,
      body: { signatures: { en: html } },
    });
    expect(signature.statusCode, signature.body).toBe(200);
  }
  const preference = await call(t.app, a.session, {
    method: 'PUT',
    url: '/v2/api/users/user-preference',
    body: { [MARKER]: MARKER },
  });
  expect(preference.statusCode).toBe(200);
  const { payload, headers } = multipartFile(pngBytes());
  expect(
    (
      await call(t.app, a.session, {
        method: 'POST',
        url: `/v2/api/users/profile-picture/${agent.id}`,
        body: payload,
        headers,
      })
    ).statusCode,
  ).toBe(200);

  const storeB = async (companyId?: number) => {
    const store = await createStore(t.db, companyId === undefined ? {} : { companyId });
    const user = await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER', 'ADMIN_USER'] });
    const companyName = companyId === undefined ? store.companyName : storeA.companyName;
    const session = { ...(await signIn(t.app, user)), companyName };
    spareOfToken.set(
      session.token,
      await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER', 'ADMIN_USER'] }),
    );
    return { store: { ...store, companyName }, session };
  };
  sameCompany = await storeB(storeA.companyId);
  otherCompany = await storeB();
  routes = routesOf(t.routes).swept;
});
afterAll(() => t.close());

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
const ECHOES_OWN_REQUESTS = new Set(['GET /v2/api/audit-log', 'GET /v2/api/exports/audit-log']);
const spareOfToken = new Map<string, UserFixture>();

async function send(
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
      `The tenancy sweep has no sample body for ${route.key}; add one to sampleBody in tenancy.test.ts`,
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

const describeResponse = (route: SweptRoute, response: LightMyRequestResponse) =>
  `${route.key} → ${response.statusCode} ${response.body.slice(0, 200)}`;

describe('tenancy sweep over every registered route', () => {
  it('knows every public route, and sweeps the signed-in ones', () => {
    const { publicKeys } = routesOf(t.routes);
    expect(publicKeys.filter((k) => !PUBLIC_ROUTES.has(k))).toEqual([]);
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /v2/api/users',
        'DELETE /v2/api/users/:id',
        'POST /v2/api/users/invite',
        'POST /v2/api/users/:id/invite',
        'GET /v2/api/claims/:id',
        'GET /v2/api/claims/number/:caseNumber',
        'PUT /v2/api/claims/:id',
        'DELETE /v2/api/claim-item-types/:id',
        'GET /v2/shared/initial-properties/json-config/:name',
        'PUT /v2/api/settings/initial-properties/:propertyId',
        'DELETE /v2/shared/initial-properties/:propertyId',
        'POST /v2/api/claims/mails/move',
        'PUT /v2/api/claims/mails/:id/restore',
        'GET /v2/api/claims/mails/:id/source',
        'DELETE /v2/api/unmapped-mails/bin',
        'DELETE /v2/api/unmapped-mails/:id/create-case',
        'PUT /v2/api/claims/mails/:id/cancel-send',
        'PUT /v2/api/claims/mails/:id/send-now',
        'GET /v2/api/suppliers/:id',
        'PUT /v2/api/suppliers/:id',
        'DELETE /v2/api/suppliers/:id',
        'GET /v2/shared/suppliers/:id',
        'PUT /v2/shared/suppliers/:id',
        'DELETE /v2/shared/suppliers/:id',
        'PUT /v2/api/claims/:id/costs/:costId',
        'DELETE /v2/api/claims/:id/credit-notes/:noteId',
        'PUT /v2/api/claims/:id/recovery',
        'GET /v2/api/claims/:id/outside-access',
        'DELETE /v2/api/claims/:id/participants/:email',
        'DELETE /v2/api/settings/exchange-rates/:id',
        // The CSV exports: B's token gets B's rows only (the sweep's query names A's marker).
        'GET /v2/api/exports/cases',
        'GET /v2/api/exports/suppliers',
        'GET /v2/api/exports/costs',
        'GET /v2/api/reports/get-cost-reg-pdf/:id',
        'GET /v2/api/reports/get-cost-reg-pdf',
        'GET /v2/api/supplier-portal/cases/:id',
        'POST /v2/api/supplier-portal/cases/:id/answers',
        'POST /v2/api/supplier-portal/cases/:id/messages',
        'GET /v2/api/claims/:id/supplier-answers',
        'GET /v2/api/reports/mails',
        'GET /v2/api/reports/cases',
        'GET /v2/api/reports/suppliers',
        'GET /v2/api/reports/mails/csv',
        'GET /v2/api/reports/cases/csv',
        'GET /v2/api/reports/statuses/csv',
        'GET /v2/api/reports/resolution/csv',
        'GET /v2/api/reports/suppliers/csv',
        // The audit log: B's administrator reads B's entries only.
        'GET /v2/api/audit-log',
        'GET /v2/api/exports/audit-log',
        // A customer's data: B's administrator finds, exports and erases in B only.
        'POST /v2/api/privacy/customer-data/search',
        'GET /v2/api/privacy/customer-data/export',
        'POST /v2/api/privacy/customer-data/erase',
      ]),
    );
    for (const route of routes) expect(() => fillPath(route, a)).not.toThrow();
  });

  it('refuses another store’s token addressed to store A (403/401), and no token at all (401)', async () => {
    const before = await snapshotOfA();
    for (const b of [sameCompany, otherCompany]) {
      for (const route of routes) {
        const response = await send(route, b.session, {
          tenantId: a.store.tenantId,
          company: a.store.companyName,
          withQuery: true,
        });
        expect([401, 403], describeResponse(route, response)).toContain(response.statusCode);
        expect(response.body).not.toContain(MARKER);
      }
    }
    for (const route of routes) {
      const response = await send(
        route,
        { token: 'none', tenantId: a.store.tenantId },
        { company: a.store.companyName },
      );
      expect(response.statusCode, describeResponse(route, response)).toBe(401);
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it('never lets store B reach store A’s records by id, nor shows A’s data in any answer', async () => {
    const before = await snapshotOfA();
    for (const b of [sameCompany, otherCompany]) {
      for (const route of routes) {
        const response = await send(route, b.session, { company: b.store.companyName, withQuery: true });
        if (route.hasForeignId) {
          expect([403, 404], describeResponse(route, response)).toContain(response.statusCode);
        }
        expect(response.statusCode, describeResponse(route, response)).toBeLessThan(500);
        if (ECHOES_OWN_REQUESTS.has(route.key)) {
          // An entry of A's administrator: their name as the actor (a JSON field or a CSV cell).
          const name = a.admin.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const actorA = new RegExp(`"actor":"${name}"|(^|[,;\n])${name}[,;]`);
          expect(response.body, describeResponse(route, response)).not.toMatch(actorA);
          continue;
        }
        expect(response.body, describeResponse(route, response)).not.toContain(MARKER);
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it('refuses a store of another company naming A’s company in X-COMPANY (403)', async () => {
    const shared = routes.filter((r) => r.url.startsWith('/v2/shared/'));
    expect(shared.length).toBeGreaterThan(0);
    for (const route of shared) {
      const response = await send(route, otherCompany.session, { company: a.store.companyName });
      expect(response.statusCode, describeResponse(route, response)).toBe(403);
    }
  });

  it('leaves store A’s users signing in with their own passwords', async () => {
    for (const user of [a.admin, a.agent]) {
      const response = await requestToken(
        t.app,
        { grant_type: 'password', username: user.username, password: user.password },
        a.store.tenantId,
      );
      expect(response.statusCode).toBe(200);
    }
    const users = await call(t.app, a.session, { url: '/v2/api/users' });
    expect(users.json<{ username: string; roles: string[] }[]>().map((u) => [u.username, u.roles])).toEqual(
      expect.arrayContaining([
        [a.admin.username, ['ADMIN_USER']],
        [a.agent.username, ['STANDARD_USER']],
      ]),
    );
  });

  it('binds a mailed set-password link to its store: another store’s header finds nothing', async () => {
    const user = await createUser(t.db, a.store.tenantId);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v2/api/users/forgot-password',
      payload: { email: user.username },
    });
    expect(asked.statusCode).toBe(202);
    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    expect(link?.store).toBe(a.store.tenantId);
    const token = link?.token ?? '';
    const inStore = (tenantId: string) => ({ 'x-tenant-id': tenantId });
    for (const b of [sameCompany, otherCompany]) {
      const shown = await t.app.inject({
        method: 'GET',
        url: `/v2/api/users/password-link?token=${token}`,
        headers: inStore(b.store.tenantId),
      });
      expect(shown.statusCode).toBe(404);
      const used = await t.app.inject({
        method: 'POST',
        url: '/v2/api/users/set-password',
        headers: inStore(b.store.tenantId),
        payload: { token, password: 'Taken-over-1' },
      });
      expect(used.statusCode).toBe(404);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/v2/api/users/set-password',
      headers: inStore(a.store.tenantId),
      payload: { token, password: 'Own-choice-1' },
    });
    expect(own.statusCode).toBe(200);
  });
});
