import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/client';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Every route the app registered, in order (the options objects as Fastify saw them). */
  routes: RouteOptions[];
  close: () => Promise<void>;
}

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite, or, when
 * DATABASE_URL is set, a new PostgreSQL database created for this file and dropped after.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `claimdesk_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await openDatabase({ url, dataDir: url ? dataDir : 'memory://', poolSize: 5 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAIL_WORKERS: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(url && { DATABASE_URL: url }),
    ...env,
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp({ config, db: database.db, onRoute: (route) => routes.push(route) });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    routes,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
