/** Access through HTTP: an unsafe call needs the anti-forgery header and cookie. */
import { describe, expect, it } from 'vitest';
import { adminSession, setUpErrors, store, t } from './errors-setup';

setUpErrors();

describe('anti-forgery', () => {
  it('refuses an unsafe call without the header or without the cookie (403), but not a GET', async () => {
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      headers: {
        authorization: `Bearer ${adminSession.token}`,
        'x-tenant-id': store.tenantId,
        cookie: 'XSRF-TOKEN=abc',
      },
      payload: { language: 'en' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ code: 'XSRF_MISMATCH' });
    const noCookie = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      headers: {
        authorization: `Bearer ${adminSession.token}`,
        'x-tenant-id': store.tenantId,
        'x-xsrf-token': 'abc',
      },
      payload: { language: 'en' },
    });
    expect(noCookie.statusCode).toBe(403);
    const get = await t.app.inject({
      method: 'GET',
      url: '/v2/api/users/user-preference',
      headers: { authorization: `Bearer ${adminSession.token}`, 'x-tenant-id': store.tenantId },
    });
    expect(get.statusCode).toBe(200);
  });
});
