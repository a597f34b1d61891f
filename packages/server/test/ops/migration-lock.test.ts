/**
 * Several server processes starting together on one empty PostgreSQL database migrate it once,
 * one after the other under an advisory lock. PostgreSQL only (PGlite is one process's database);
 * on PGlite a reopened database is checked not to migrate again.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client';
import { isMigrated, MIGRATIONS_FOLDER } from '../../src/db/migration-state';
import { createLocalFileStorage } from '../../src/lib/file-storage';
import { seedDemo } from '../../src/seed/demo-seed';
import { createServerDatabase, startServerProcess, portOf } from '../helpers/server-process';
import { createScratchDatabase } from '../helpers/scratch-database';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const journalSize = async () =>
  (
    JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

const recordedMigrations = async (db: Db) => {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return (result as { rows: { n: number }[] }).rows[0]?.n;
};

it.runIf(process.env.DATABASE_URL)(
  'three migrators on their own connections at once: all succeed, each migration applied once',
  async () => {
    const scratch = await createScratchDatabase('claimdesk_migrate');
    cleanups.push(scratch.drop);
    const url = scratch.url ?? '';
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url, dataDir: 'unused', poolSize: 2 })),
    );
    cleanups.push(async () => {
      await Promise.all(databases.map((database) => database.close()));
    });
    const [first] = databases;
    if (!first) throw new Error('no database');
    expect(await recordedMigrations(first.db)).toBe(await journalSize());
    expect(await isMigrated(first.db)).toBe(true);
  },
);

it.runIf(process.env.DATABASE_URL)(
  'three server processes started at once on an empty database all start and are ready',
  { timeout: 120_000 },
  async () => {
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const servers = [1, 2, 3].map(() => startServerProcess(database, { MAIL_WORKERS: 'false' }));
    for (const server of servers) cleanups.push(server.kill);
    const ports = await Promise.all(servers.map((server) => portOf(server, 90_000)));
    for (const port of ports) {
      const ready = await fetch(`http://127.0.0.1:${String(port)}/readyz`);
      expect(ready.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: number; hashes: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(rows[0]).toEqual({ n: await journalSize(), hashes: await journalSize() });
  },
);

it.runIf(!process.env.DATABASE_URL)('PGlite: a database opened again is not migrated again', async () => {
  const database = await createServerDatabase();
  cleanups.push(database.remove);
  const once = await database.open();
  const recorded = await recordedMigrations(once.db);
  await once.close();
  const again = await database.open();
  expect(await recordedMigrations(again.db)).toBe(recorded);
  expect(recorded).toBe(await journalSize());
  expect(await isMigrated(again.db)).toBe(true);
  await again.close();
});

it.runIf(process.env.DATABASE_URL)(
  'two starts seeding one empty database at once seed it once (issue 36): the second finds it seeded',
  { timeout: 240_000 },
  async () => {
    const scratch = await createScratchDatabase('claimdesk_seedlock');
    cleanups.push(scratch.drop);
    const url = scratch.url ?? '';
    const databases = await Promise.all(
      [1, 2].map(() => openDatabase({ url, dataDir: 'unused', poolSize: 4 })),
    );
    cleanups.push(async () => {
      await Promise.all(databases.map((database) => database.close()));
    });
    const files = createLocalFileStorage(await mkdtemp(path.join(tmpdir(), 'claimdesk-seedlock-')));
    const seeded = await Promise.all(
      databases.map((database) => database.exclusive(() => seedDemo(database.db, files))),
    );
    expect(seeded.sort()).toEqual([false, true]);
    const [first] = databases;
    if (!first) throw new Error('no database');
    const stores = await first.db.execute(sql`SELECT count(*)::int AS n FROM stores`);
    expect((stores as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  },
);
