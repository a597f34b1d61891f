/** Errors through HTTP: a JSON 404 for unknown paths; a 400 without a stack for bad bodies, ids, queries. */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { adminSession, expectNoStack, setUpErrors, t } from './errors-setup';

setUpErrors();

describe('unknown paths', () => {
  it('answer a JSON 404 under /v2, signed in or not', async () => {
    const requests = [
      t.app.inject({ method: 'GET', url: '/v2/api/no-such-thing' }),
      t.app.inject({ method: 'POST', url: '/v2/nothing/here', payload: { a: 1 } }),
      t.app.inject({ method: 'GET', url: '/v2' }),
      call(t.app, adminSession, { url: '/v2/api/users/roles/extra' }),
      call(t.app, adminSession, { method: 'DELETE', url: '/v2/api/stores/setting' }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('bad input', () => {
  it('a malformed JSON body is a 400 JSON answer without a stack trace', async () => {
    for (const [method, url] of [
      ['PUT', '/v2/api/users/user-preference'],
      ['POST', '/v2/api/users'],
    ] as const) {
      const response = await call(t.app, adminSession, {
        method,
        url,
        body: '{"language": "en",',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.any(String) as string,
      });
      expectNoStack(response);
    }
  });

  it('a bad path id is a 400 with a field error on id', async () => {
    const body = { username: 'x@example.test', firstName: 'A', lastName: 'B', roles: ['STANDARD_USER'] };
    for (const id of ['abc', '0', '-1', '1.5', '1e3x']) {
      const put = await call(t.app, adminSession, { method: 'PUT', url: `/v2/api/users/${id}`, body });
      expect(put.statusCode, id).toBe(400);
      expect(put.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { id: expect.any(String) as string },
      });
      expectNoStack(put);
      const del = await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/users/${id}` });
      expect(del.statusCode, id).toBe(400);
      expect(del.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('id');
    }
  });

  it('a bad query is a 400 with a field error', async () => {
    const response = await call(t.app, adminSession, { url: `/v2/api/users?search=${'x'.repeat(201)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('search');
  });
});
