/**
 * How the tenancy sweep walks the route table: which routes are public on purpose, and how each
 * path parameter of the others is filled with an id of store A's data.
 */
import type { HTTPMethods, RouteOptions } from 'fastify';
import {
  PARTICIPANT_OF_A,
  costIds,
  mailIds,
  mailTemplateId,
  mailboxId,
  shopId,
  type StoreA,
} from './store-a';

/** Routes anyone may call without a session; adding one here is a decision, not an accident. */
export const PUBLIC_ROUTES = new Set([
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
  // Shopify's install link, opened from a shop's admin before anyone signs in: Shopify's signature
  // is its proof, and it reads no store's data (test/shops/shopify-install.test.ts).
  'GET /v2/shopify/install',
  'HEAD /v2/shopify/install',
  // Shopify's webhooks: signed with the app's secret, each acts for the store its shop names only
  // (test/shops/shopify-webhooks.test.ts).
  'POST /v2/shopify/webhooks',
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

/**
 * How to fill each path parameter. Ids (`id`, `…Id`) get an id of store A's data, so the call
 * from store B addresses A's record; extend `idOf` when a route takes another kind of id.
 */
export const ID_PARAM = /^(id|[a-z]+Id|caseNumber)$/;
export const idOf = (a: StoreA, param: string, url: string): string => {
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
  if (url.startsWith('/v2/api/shops/')) return String(shopId);
  return String(a.agent.id);
};
export const VALUE_PARAMS: Record<string, string> = {
  email: PARTICIPANT_OF_A,
  name: 'menu',
  option: 'menu',
  workFlow: 'claim',
  provider: 'google',
  messageSource: 'mail',
};

export interface SweptRoute {
  key: string;
  method: HTTPMethods;
  url: string;
  path: string;
  hasForeignId: boolean;
}

export function routesOf(routes: RouteOptions[]): { swept: SweptRoute[]; publicKeys: string[] } {
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

export function fillPath(route: SweptRoute, a: StoreA): string {
  return route.url.replace(/:(\w+)/g, (_match, param: string) => {
    if (ID_PARAM.test(param)) return idOf(a, param, route.url);
    const value = VALUE_PARAMS[param];
    if (value === undefined) {
      throw new Error(
        `The tenancy sweep cannot fill :${param} of ${route.key}; extend VALUE_PARAMS or idOf in tenancy/sweep-routes.ts`,
      );
    }
    return value;
  });
}
