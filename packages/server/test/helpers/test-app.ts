import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { openScratchDatabase } from './scratch-database';

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
  const {
    url,
    drop: dropDatabase,
    database,
  } = await openScratchDatabase('claimdesk_test', {
    dataDir,
    poolSize: 5,
  });
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
