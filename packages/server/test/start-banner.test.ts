import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo-seed';
import { startBanner } from '../src/seed/start-banner';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.app.deps.files);
});
afterAll(() => t.close());

const banner = () =>
  startBanner(t.db, loadConfig({ DATA_DIR: t.dataDir, SEED_DEMO: 'true', MAIL_WORKERS: 'false' }), {
    address: 'http://127.0.0.1:3000',
    databaseKind: 'pglite',
    isSeeded: false,
  });
const lineOf = (text: string, username: string) => text.split('\n').find((l) => l.includes(username));

describe('start banner', () => {
  it('offers the demo sign-ins as the database holds them, and drops the reset note once the reset is done', async () => {
    const before = await banner();
    expect(before).toContain('Claimdesk is running at http://127.0.0.1:3000');
    expect(lineOf(before, 'admin@demo-store.test')).toMatch(/ADMIN_USER$/);
    expect(lineOf(before, 'reset@demo-store.test')).toContain('(must choose a new password)');
    expect(lineOf(before, 'contact@supplier.test')).toContain('one-time code');

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/reset-password',
      headers: { 'x-tenant-id': 'demo-store' },
      payload: { username: 'reset@demo-store.test', password: 'Brand-new-pass-1', oldPassword: 'Demo-1234!' },
    });
    expect(reset.statusCode).toBe(200);

    const after = await banner();
    // Its password is no longer the demo one: offering it at all would be untrue.
    expect(lineOf(after, 'reset@demo-store.test')).toBeUndefined();
    expect(after).not.toContain('must choose a new password');
    expect(lineOf(after, 'admin@demo-store.test')).toMatch(/ADMIN_USER$/);
    expect(lineOf(after, 'admin@second-store.test')).toMatch(/ADMIN_USER$/);
  });
});
