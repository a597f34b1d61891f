/**
 * PostgreSQL's connections ended under running requests (pg_terminate_backend from a second
 * connection, as a restart or failover does): a request whose query is cut off answers 503 with
 * Retry-After and a message that says so, never a 500; a write cut off midway leaves nothing
 * behind; the next requests are served on new connections. On PGlite there is no connection to
 * lose: src/lib/__tests__/connection-lost.test.ts checks the mapping with pg's error shapes.
 */
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ITEM_TYPES = '/v2/api/claim-item-types';
const names = { en: 'Kettle', nr: 'Vannkoker', da: 'Elkedel', de: 'Wasserkocher' };

describe.runIf(process.env.DATABASE_URL)('a lost PostgreSQL connection', () => {
  let t: TestApp;
  let admin: Session;
  /** A second connection to the test's database, as an operator's psql. */
  let operator: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    const { tenantId } = await createStore(t.db);
    admin = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] }));
    operator = new pg.Client({ connectionString: t.app.deps.config.DATABASE_URL });
    await operator.connect();
  });
  afterAll(async () => {
    await operator.end();
    await t.close();
  });

  /** The app's backends waiting for the operator's lock, once there are `count` of them. */
  async function waitingBackends(count: number): Promise<number[]> {
    // 20 s (the test's own limit is 30): in a whole PostgreSQL run on a busy machine the request
    // twice took over 10 s to reach the lock (cause not found; alone the file passes at once).
    const until = Date.now() + 20_000;
    for (;;) {
      const { rows } = await operator.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      if (rows.length >= count) return rows.map((r) => r.pid);
      if (Date.now() > until) throw new Error('no request came to wait for the lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Runs the request while the operator holds item_types locked, ends the backend that waits for
   * the lock (the request's), and answers what the request answered.
   */
  async function cutOff(
    request: () => Promise<LightMyRequestResponse>,
    table = 'item_types',
  ): Promise<LightMyRequestResponse> {
    await operator.query('BEGIN');
    await operator.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    try {
      const answer = request();
      const [pid] = await waitingBackends(1);
      const { rows } = await operator.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [
        pid,
      ]);
      expect(rows[0]?.ended).toBe(true);
      return await answer;
    } finally {
      await operator.query('ROLLBACK');
    }
  }

  const expect503 = (answer: LightMyRequestResponse) => {
    expect(answer.statusCode, answer.body).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const body = answer.json<{ code: string; message: string }>();
    expect(body.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).toMatch(/connection to the database/);
  };

  it('answers 503 with Retry-After to a read whose connection is ended under it, then 200 again', async () => {
    const answer = await cutOff(() => call(t.app, admin, { url: ITEM_TYPES }));
    expect503(answer);
    const again = await call(t.app, admin, { url: ITEM_TYPES });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers 503 to a write whose connection is ended under it, and nothing of it is stored', async () => {
    const answer = await cutOff(() =>
      call(t.app, admin, { method: 'POST', url: ITEM_TYPES, body: { key: 'cut-off', names } }),
    );
    expect503(answer);
    const list = await call(t.app, admin, { url: ITEM_TYPES });
    expect(list.json<{ key: string }[]>().map((type) => type.key)).not.toContain('cut-off');
    // Tried again, as Retry-After asks: stored once.
    const retried = await call(t.app, admin, {
      method: 'POST',
      url: ITEM_TYPES,
      body: { key: 'cut-off', names },
    });
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('never answers 500 when every connection of the app is ended just before a burst of requests', async () => {
    for (let round = 0; round < 5; round++) {
      // Let the pool hold open, idle connections, then end them all from outside.
      await Promise.all(Array.from({ length: 5 }, () => call(t.app, admin, { url: ITEM_TYPES })));
      await operator.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(t.app, admin, { url: ITEM_TYPES })),
      );
      for (const answer of answers) {
        if (answer.statusCode === 503) expect503(answer);
        else expect(answer.statusCode, answer.body).toBe(200);
      }
    }
    expect((await call(t.app, admin, { url: ITEM_TYPES })).statusCode).toBe(200);
  });
  it('answers a sign-in cut off 503 temporarily_unavailable with Retry-After, in OAuth’s shape', async () => {
    const store = await createStore(t.db);
    const user = await createUser(t.db, store.tenantId);
    const answer = await cutOff(
      () =>
        requestToken(
          t.app,
          { grant_type: 'password', username: user.username, password: user.password },
          store.tenantId,
        ),
      'auth_sessions',
    );
    expect(answer.statusCode, answer.body).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.json<{ error: string }>().error).toBe('temporarily_unavailable');
    expect((await signIn(t.app, user)).token).not.toBe('');
  });
});
