import pg from 'pg';

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
