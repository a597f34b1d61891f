import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The committed migrations that openDatabase applies (drizzle-kit's folder). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

let newestInFolder: Promise<number> | undefined;

/** The time stamp (drizzle's `when`) of the newest committed migration, read once. */
function newestMigrationInFolder(): Promise<number> {
  newestInFolder ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8').then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(...journal.entries.map((entry) => entry.when));
  });
  return newestInFolder;
}

/**
 * Whether the database has every committed migration: drizzle's migrator records each by its
 * journal time stamp and applies those newer than the newest it recorded, so the database is
 * current when that newest one is the folder's newest. Throws when the database cannot be read.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  const newest = await newestMigrationInFolder();
  const result = await db.execute(sql`
    SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`);
  const at = (result as { rows: { at: string | null }[] }).rows[0]?.at;
  return at !== null && at !== undefined && Number(at) >= newest;
}
