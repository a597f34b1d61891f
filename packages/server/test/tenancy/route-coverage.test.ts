/**
 * The tenancy sweep, its reach: every route the app registers (recorded through Fastify's onRoute
 * hook, so a new route is swept the day it is added) is either a known public route or swept. A
 * route with a path parameter the sweep cannot fill, or a new public route, fails this test until
 * tenancy/sweep-routes.ts is extended on purpose.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, fillPath, routesOf } from './sweep-routes';
import { a, routes, setUpSweep, t } from './sweep-setup';

setUpSweep();

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
});
