/**
 * The tenancy sweep: walks every swept route with another store's token and another store's ids,
 * and expects refusal, no answer showing store A's data, and store A's records as they were.
 */
import { describe, expect, it } from 'vitest';
import { call, requestToken } from '../helpers/api';
import { MARKER } from './store-a';
import {
  ECHOES_OWN_REQUESTS,
  a,
  describeResponse,
  otherCompany,
  routes,
  sameCompany,
  send,
  setUpSweep,
  snapshotOfA,
  t,
} from './sweep-setup';

setUpSweep();

describe('tenancy sweep over every registered route', () => {
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
});
