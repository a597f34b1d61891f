import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openScratchDatabase } from '../helpers/scratch-database';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready on a migrated database, mail workers off in this process', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', mailWorkers: 'off', mailParts: null },
    });
  });

  it('/readyz is 503 while a migration is missing from the database', async () => {
    const newest = await t.db.execute(sql`
      DELETE FROM drizzle.__drizzle_migrations
      WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)
      RETURNING hash, created_at`);
    const [row] = (newest as { rows: { hash: string; created_at: string }[] }).rows;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'pending', mailWorkers: 'off', mailParts: null },
      });
    } finally {
      if (row)
        await t.db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row.hash}, ${row.created_at})`,
        );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('health probes with the mail workers on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKERS: 'true', INBOUND_SMTP_PORT: '0' });
  });
  afterAll(() => t.close());

  it('/readyz says the mail workers run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { mailWorkers: 'running' } });
  });
});

describe('health probes when the database is gone', () => {
  it('/readyz is 503 naming the database; /healthz still answers', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-health-'));
    const { database, ...scratch } = await openScratchDatabase('claimdesk_health', { dataDir });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      MAIL_WORKERS: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(scratch.url && { DATABASE_URL: scratch.url }),
    });
    const app = await buildApp({ config, db: database.db });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'unreachable', migrations: 'unknown', mailWorkers: 'off', mailParts: null },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
