import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';

export interface ScratchDatabase {
  /** The new database's connection string; undefined when the tests run on PGlite. */
  url: string | undefined;
  drop: () => Promise<void>;
}

/**
 * When DATABASE_URL is set (the tests run on PostgreSQL), a new database on that server for one
 * test file or process, with a name that no other run takes; dropped by `drop`. On PGlite,
 * nothing: the caller opens its own.
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${String(process.pid)}_${String(Date.now())}_${String(Math.floor(Math.random() * 1e6))}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump's file (global-setup.ts); empty when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The dump's file as global-setup.ts provided it; '' outside a test run (a bench script). */
function providedTemplate(): string {
  try {
    return inject('pgliteTemplate');
  } catch {
    return '';
  }
}

/** The run's migrated PGlite dump (global-setup.ts), read once per process; undefined on PostgreSQL. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = providedTemplate();
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

/**
 * A fresh, migrated database for one test file or process, opened: a new PostgreSQL database
 * when DATABASE_URL is set (dropped by `drop`), else PGlite in memory, started from the run's
 * migrated dump. `dataDir` is the app's data folder (PostgreSQL keeps nothing there).
 */
export async function openScratchDatabase(
  prefix: string,
  options: { dataDir: string; poolSize?: number },
): Promise<ScratchDatabase & { database: Database }> {
  const scratch = await createScratchDatabase(prefix);
  const database = await openDatabase({
    url: scratch.url,
    dataDir: scratch.url ? options.dataDir : 'memory://',
    poolSize: options.poolSize,
    loadDataDir: scratch.url ? undefined : await pgliteTemplate(),
  });
  return { ...scratch, database };
}
