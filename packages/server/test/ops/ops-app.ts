import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { openScratchDatabase } from '../helpers/scratch-database';

export interface OpsApp {
  app: FastifyInstance;
  database: Database;
  /** The log lines written so far, parsed. */
  logLines: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

/**
 * An app whose log is captured, on a fresh database (PGlite in memory, or a new PostgreSQL
 * database when DATABASE_URL is set); `addRoutes` may add test routes before it is ready.
 */
export async function createOpsApp(
  env: Record<string, string> = {},
  addRoutes?: (app: FastifyInstance) => void,
): Promise<OpsApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-ops-'));
  const { database, ...scratch } = await openScratchDatabase('claimdesk_ops', { dataDir });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    MAIL_WORKERS: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(scratch.url && { DATABASE_URL: scratch.url }),
    ...env,
  });
  const lines: string[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    logStream: { write: (line) => lines.push(line) },
  });
  addRoutes?.(app);
  await app.ready();
  let isClosed = false;
  return {
    app,
    database,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      if (!isClosed) await app.close();
      isClosed = true;
      await database.close().catch(() => undefined);
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
