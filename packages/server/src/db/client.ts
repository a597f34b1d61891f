import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite in `dataDir/db`
 * (or in memory for `memory://`). Applies the committed migrations before returning.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** Hears an idle PostgreSQL connection's error (it is replaced; no query failed). */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that the server ends (a restart, a dropped database) is an error event on
    // the pool; unheard, it would end the process. The pool opens a new connection on next use.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'db');
  if (dir) await mkdir(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
