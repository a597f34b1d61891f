import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, call } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createOpsApp, type OpsApp } from './ops-app';

const SECRET_DETAIL = 'disk quota of /srv/claimdesk exceeded';

let t: OpsApp;
beforeAll(async () => {
  t = await createOpsApp({ TRUST_PROXY: '127.0.0.1' }, (app) => {
    app.get('/v2/api/test/broken', { config: { access: 'public' } }, () => {
      throw new Error(SECRET_DETAIL);
    });
  });
});
afterAll(() => t.close());

const requestLines = () => t.logLines().filter((line) => line.msg === 'request');
const lineOf = (reqId: string) => {
  const found = requestLines().filter((line) => line.reqId === reqId);
  expect(found, `one request line for ${reqId}`).toHaveLength(1);
  return found[0] ?? {};
};

describe('request log', () => {
  it('writes one line per request with route, status, time, store, user and client address', async () => {
    const store = await createStore(t.database.db);
    const user = await createUser(t.database.db, store.tenantId);
    const session = await signIn(t.app, user);
    const response = await call(t.app, session, {
      url: '/v2/api/claims/1?secret=not-logged',
      headers: { 'x-request-id': 'edge-4711', 'x-forwarded-for': '198.51.100.23' },
    });
    expect(response.headers['x-request-id']).toBe('edge-4711');
    const line = lineOf('edge-4711');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/v2/api/claims/:id',
      status: response.statusCode,
      store: store.tenantId,
      user: user.username,
      ip: '198.51.100.23',
    });
    expect(typeof line.ms).toBe('number');
    // The URL (its query may hold a search) is not in the line, nor any header.
    expect(JSON.stringify(line)).not.toContain('not-logged');
    expect(JSON.stringify(line)).not.toContain(session.token);
  });

  it('makes a request id when none or a bad one is given, and answers it', async () => {
    const made = await t.app.inject({ method: 'GET', url: '/healthz' });
    const id = made.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['a'.repeat(129), 'two words', 'line\u2028break', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/api/stores/check-user',
        headers: { 'content-type': 'text/plain', 'x-request-id': bad },
        payload: 'nobody@example.test',
      });
      const answered = String(response.headers['x-request-id']);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
      expect(lineOf(answered)).toMatchObject({
        route: '/v2/api/stores/check-user',
        status: response.statusCode,
        store: null,
        user: null,
        ip: '127.0.0.1',
      });
    }
  });

  it('logs a refused or unknown request too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/v2/api/claims/1' });
    expect(refused.statusCode).toBe(401);
    expect(lineOf(String(refused.headers['x-request-id']))).toMatchObject({
      status: 401,
      route: '/v2/api/claims/:id',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/v2/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(lineOf(String(unknown.headers['x-request-id']))).toMatchObject({ status: 404, route: null });
  });

  it('keeps an error with its stack in the log and out of the answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/api/test/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SECRET_DETAIL);
    expect(response.body).not.toMatch(/\bat .*\.ts:\d+/);
    const reqId = String(response.headers['x-request-id']);
    const errorLine = t.logLines().find((line) => line.reqId === reqId && line.level === 50);
    const err = errorLine?.err as { message?: string; stack?: string } | undefined;
    expect(err?.message).toBe(SECRET_DETAIL);
    expect(err?.stack).toContain('request-log.test.ts');
    expect(lineOf(reqId)).toMatchObject({ status: 500 });
  });

  it('puts the health probes at debug, out of an info log', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(requestLines().filter((line) => line.reqId === response.headers['x-request-id'])).toEqual([]);
  });
});

describe('request log at debug', () => {
  it('has the health probes too', async () => {
    const debug = await createOpsApp({ LOG_LEVEL: 'debug' });
    try {
      const response = await debug.app.inject({ method: 'GET', url: '/readyz' });
      const line = debug
        .logLines()
        .find((l) => l.reqId === response.headers['x-request-id'] && l.msg === 'request');
      expect(line).toMatchObject({ level: 20, route: '/readyz', status: 200 });
    } finally {
      await debug.close();
    }
  });
});
