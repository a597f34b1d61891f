/**
 * npm run admin -- backup / restore (issue 26 point 10): the demo data (cases, mails and their
 * attachments) backed up, the data folder wiped, the backup restored, and every case, mail and
 * attachment found again, each file's bytes matching its key. On PostgreSQL the command backs up
 * the files only and says to use pg_dump for the database.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createLocalFileStorage } from '../../src/lib/file-storage';
import { seedDemo } from '../../src/seed/demo-seed';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { runAdmin } from './admin-cli';

/** The passphrase the backups are sealed with, as an operator gives it. */
const SEALED = { BACKUP_PASSPHRASE: 'a long passphrase for the test' };

let dataDir: string;
let scratch: ScratchDatabase;
let backupFile: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-backup-'));
  backupFile = path.join(dataDir, '..', `${path.basename(dataDir)}.zip`);
  scratch = await createScratchDatabase('claimdesk_backup');
  const database = await openDatabase({ url: scratch.url, dataDir, poolSize: 2 });
  try {
    await seedDemo(database.db, createLocalFileStorage(path.join(dataDir, 'files')));
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(async () => {
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(backupFile, { force: true });
});

/** What the database holds: counts, and each attachment's key. */
async function contents() {
  const database = await openDatabase({ url: scratch.url, dataDir, poolSize: 2 });
  try {
    const count = async (table: string) =>
      (
        (await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as {
          rows: { n: number }[];
        }
      ).rows[0]?.n ?? 0;
    const keys = (
      (await database.db.execute(sql`SELECT DISTINCT file_hash AS key FROM mail_attachments ORDER BY 1`)) as {
        rows: { key: string }[];
      }
    ).rows.map((r) => r.key);
    return {
      cases: await count('cases'),
      mails: await count('mail_logs'),
      attachments: await count('mail_attachments'),
      keys,
    };
  } finally {
    await database.close();
  }
}

const fileOf = (key: string) => path.join(dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key);

it.runIf(!process.env.DATABASE_URL)(
  'backs up, and after a wipe restores every case, mail and attachment',
  async () => {
    const before = await contents();
    expect(before.cases).toBeGreaterThan(100);
    expect(before.attachments).toBeGreaterThan(0);

    const made = await runAdmin({ dataDir, env: SEALED }, 'backup', backupFile);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/^Backed up the database, \d+ files and the keys into /);

    await rm(path.join(dataDir, 'db'), { recursive: true, force: true });
    await rm(path.join(dataDir, 'files'), { recursive: true, force: true });

    const restored = await runAdmin({ dataDir, env: SEALED }, 'restore', backupFile);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain('Restored the backup of');

    const after = await contents();
    expect(after).toEqual(before);
    for (const key of after.keys) {
      const bytes = await readFile(fileOf(key));
      expect(createHash('sha256').update(bytes).digest('hex'), key).toBe(key);
    }

    // A second restore would overwrite the database: refused, nothing touched.
    const again = await runAdmin({ dataDir, env: SEALED }, 'restore', backupFile);
    expect(again.code).toBe(2);
    expect(again.err).toContain('holds a database: move it away first');
    expect(
      (await runAdmin({ dataDir, env: SEALED }, 'restore', path.join(dataDir, 'no-such.zip'))).err,
    ).toContain('there is no backup');
  },
  240_000,
);

it.runIf(process.env.DATABASE_URL)(
  'on PostgreSQL backs up the files only, and says to use pg_dump for the database',
  async () => {
    const made = await runAdmin({ dataDir, url: scratch.url, env: SEALED }, 'backup', backupFile);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/^Backed up \d+ files and the keys into .* back it up with pg_dump/);
    const { keys } = await contents();
    await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
    const restored = await runAdmin({ dataDir, url: scratch.url, env: SEALED }, 'restore', backupFile);
    expect(restored.code, restored.err).toBe(0);
    for (const key of keys)
      expect(
        createHash('sha256')
          .update(await readFile(fileOf(key)))
          .digest('hex'),
      ).toBe(key);
  },
  240_000,
);
