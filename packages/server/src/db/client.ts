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

/** Hears the notifications of one channel; `onReconnect` after a lost listener is back (some may be lost). */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel: across processes on PostgreSQL, within the process on PGlite. Answers a stop. */
  listen: Listen;
  /**
   * Runs `work` while no other process runs its own (the migration lock, on PostgreSQL): the
   * start's once-only steps, such as the demo data, are not done twice by processes starting
   * together. PGlite has one process (the data folder's lock), so it just runs it.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** The embedded database itself (for a backup of its data folder); null on PostgreSQL. */
export function embeddedDatabase(database: Database): PGlite | null {
  return database.kind === 'pglite' ? (database.db as unknown as { $client: PGlite }).$client : null;
}

/** The listener of each open database, for the app that is handed only its Db. */
const listeners = new WeakMap<Db, Listen>();

/** How to LISTEN on the database `db` came from; undefined for a handle openDatabase did not make. */
export function listenerOf(db: Db): Listen | undefined {
  return listeners.get(db);
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
  /**
   * PGlite in memory only: start from this dump of a data folder (PGlite's `dumpDataDir`) rather
   * than from an empty cluster. The tests start each file from one dump migrated once per run.
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that the server ends (a restart, a dropped database) is an error event on
    // the pool; unheard, it would end the process. The pool opens a new connection on next use.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    await migratePostgres(options.url);
    const url = options.url;
    const listen: Listen = (channel, onPayload, onReconnect) =>
      listenPostgres(url, channel, onPayload, { onReconnect, onError: options.onIdleError });
    listeners.set(db, listen);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen,
      exclusive: (work) => underMigrationLock(url, work),
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'db');
  if (dir) await mkdir(dir, { recursive: true });
  const client = new PGlite(dir ? { dataDir: dir } : { loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const listen: Listen = async (channel, onPayload) => {
    const stop = await client.listen(channel, onPayload);
    return async () => {
      if (!client.closed) await stop();
    };
  };
  listeners.set(db, listen);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen,
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/** The advisory lock's key (any fixed number) under which one process at a time migrates. */
const MIGRATION_LOCK_KEY = 4_215_627_303;

/**
 * Applies the migrations under a session advisory lock, on a connection of its own: several
 * processes starting together on one database would otherwise all find it unmigrated and run the
 * same statements at once. The others wait, then find nothing left to do. The lock goes with the
 * connection, so a process that dies midway does not leave it taken.
 */
async function migratePostgres(url: string): Promise<void> {
  await underMigrationLock(url, async (client) => {
    await migratePg(drizzlePg(client), { migrationsFolder });
  });
}

/** `work` under the migration lock, held by a connection of its own (which `work` may use). */
async function underMigrationLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.end();
  }
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it). When
 * that connection is lost it is opened again with growing delays (and jitter, so that many
 * processes do not return at once); `onReconnect` then says that notifications may be lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  hooks: { onReconnect?: () => void; onError?: (error: Error) => void },
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;

  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let isLost = false;
    const lose = (error: Error) => {
      if (isLost) return;
      isLost = true;
      if (current === client) current = null;
      client.end().catch(() => undefined);
      if (stopped) return;
      hooks.onError?.(error);
      retry();
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      isLost = true;
      client.end().catch(() => undefined);
      throw error;
    }
    client.on('error', lose);
    client.on('end', () => lose(new Error('the LISTEN connection ended')));
    current = client;
  };

  const retry = () => {
    const wait = delay + Math.floor(Math.random() * delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
    timer = setTimeout(() => {
      if (stopped) return;
      open().then(
        () => {
          delay = RETRY_FIRST_MS;
          if (stopped) void current?.end();
          else hooks.onReconnect?.();
        },
        (error: unknown) => {
          if (stopped) return;
          hooks.onError?.(error instanceof Error ? error : new Error(String(error)));
          retry();
        },
      );
    }, wait);
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
