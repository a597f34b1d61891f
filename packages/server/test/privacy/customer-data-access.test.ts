/**
 * A customer's data on request (issue 34 point 4) through HTTP, who may and what is asked: an agent
 * and a manager get 403 on every route, bad or unbounded input a 400 on its field.
 */
import { describe, expect, it } from 'vitest';
import { agent, EMAIL, get, manager, OTHER, post, setUpCustomerData } from './customer-data-setup';

setUpCustomerData();

describe('who may and what is asked', () => {
  it('answers 403 to an agent and a manager on every route', async () => {
    for (const session of [agent, manager]) {
      expect((await post('/v2/api/privacy/customer-data/search', { email: EMAIL }, session)).statusCode).toBe(
        403,
      );
      expect((await get(`/v2/api/privacy/customer-data/export?email=${EMAIL}`, session)).statusCode).toBe(
        403,
      );
      const erase = await post(
        '/v2/api/privacy/customer-data/erase',
        { email: EMAIL, confirmEmail: EMAIL },
        session,
      );
      expect(erase.statusCode).toBe(403);
    }
  });

  it('answers 400 with a field message to bad input', async () => {
    const cases: [string, unknown, string][] = [
      ['/v2/api/privacy/customer-data/search', { email: 'not-an-address' }, 'email'],
      ['/v2/api/privacy/customer-data/search', { email: `${'a'.repeat(260)}@x.test` }, 'email'],
      ['/v2/api/privacy/customer-data/search', { email: EMAIL, phone: '12' }, 'phone'],
      ['/v2/api/privacy/customer-data/search', { email: EMAIL, phone: 'call me' }, 'phone'],
      ['/v2/api/privacy/customer-data/erase', { email: EMAIL }, 'confirmEmail'],
      ['/v2/api/privacy/customer-data/erase', { email: EMAIL, confirmEmail: OTHER }, 'confirmEmail'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
    const exportBad = await get('/v2/api/privacy/customer-data/export?email=nope');
    expect(exportBad.statusCode).toBe(400);
    expect(exportBad.body).toContain('email');
  });
});
