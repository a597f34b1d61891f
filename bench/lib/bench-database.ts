// A benchmark's own database on the DATABASE_URL server, created when missing and kept for later
// runs (a million generated rows take minutes to make).
import pg from 'pg';

/** Creates database `name` on the server (DATABASE_URL, checked by the caller) when it is not there yet. */
export async function ensureBenchDatabase(serverUrl: string | undefined, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}
