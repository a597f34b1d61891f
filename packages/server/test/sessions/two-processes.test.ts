/**
 * Several server processes on one database (issue 34, point 2): a session ended at one is refused
 * at the other within a second, although the other had just found it standing (and would keep
 * that answer for its cache's few seconds without the announcement on the sessions channel).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { call, signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { untilRefused } from './session-polling';

let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' });
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAIL_WORKERS: 'false',
    WEB_DIST: path.join(t.dataDir, 'no-web'),
    JWT_SECRET: 'a-shared-secret-of-at-least-32-characters',
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
  });
  other = await buildApp({ config, db: t.db });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

it('a sign-out at one process is refused at the other within a second', async () => {
  const store = await createStore(t.db);
  const session = await signIn(t.app, await createUser(t.db, store.tenantId));
  const atOther = async () => (await call(other, session, { url: '/v2/api/stores/setting' })).statusCode;
  expect(await atOther()).toBe(200);
  expect((await call(t.app, session, { method: 'POST', url: '/v2/api/sign-out' })).statusCode).toBe(204);
  expect(await untilRefused(atOther)).toBeLessThan(1000);
});

it('a disabled user is refused at the other process within a second', async () => {
  const store = await createStore(t.db);
  const admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  const user = await createUser(t.db, store.tenantId);
  const session = await signIn(other, user);
  const atOther = async () => (await call(other, session, { url: '/v2/api/stores/setting' })).statusCode;
  expect(await atOther()).toBe(200);
  const disabled = await call(t.app, admin, {
    method: 'PUT',
    url: `/v2/api/users/${String(user.id)}/disabled`,
    body: { isDisabled: true },
  });
  expect(disabled.statusCode, disabled.body).toBe(200);
  expect(await untilRefused(atOther)).toBeLessThan(1000);
});
