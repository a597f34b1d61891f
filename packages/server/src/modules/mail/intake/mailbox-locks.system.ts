import pg from 'pg';
import type { Db } from '../../../db/client';

/**
 * Which process fetches a mailbox. With several server processes on one PostgreSQL database,
 * each mailbox is fetched by the one process holding its advisory lock.
 */
export interface MailboxLocks {
  /** True when this process may fetch the mailbox (now holds its lock, or already did). */
  tryLock: (tenantId: string, mailboxId: number) => Promise<boolean>;
  unlock: (tenantId: string, mailboxId: number) => Promise<void>;
  /** False once the locks were lost (the lock connection broke): every job must stop. */
  isHealthy: () => boolean;
  /** A new lock connection after a loss; every lock is to be taken again. */
  reconnect: () => Promise<void>;
  close: () => Promise<void>;
}

/** The lock key: (hash of the store, mailbox id), namespaced so no other lock of ours collides. */
const lockSql = (fn: 'pg_try_advisory_lock' | 'pg_advisory_unlock') =>
  `SELECT ${fn}(hashtext('claimdesk-mailbox:' || $1::text), $2::int) AS ok`;

/**
 * Session-level advisory locks on one dedicated connection taken from the pool and kept: a
 * lock lives as long as that connection, so a process that dies frees its mailboxes at once.
 * PGlite is one process's embedded database (its folder cannot be shared), so there the locks
 * are kept in memory per database: two fetchers in one process still exclude each other.
 */
export async function createMailboxLocks(db: Db): Promise<MailboxLocks> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return poolLocks(client);
  return memoryLocks(db);
}

async function poolLocks(pool: pg.Pool): Promise<MailboxLocks> {
  let connection: pg.PoolClient | null = null;
  let isLost = false;
  const held = new Set<string>();
  const key = (tenantId: string, id: number) => `${tenantId}\u0000${String(id)}`;
  const drop = () => {
    held.clear();
    // Ending the session frees every lock it holds.
    connection?.release(true);
    connection = null;
  };
  const connect = async () => {
    drop();
    const fresh = await pool.connect();
    fresh.on('error', () => {
      isLost = true;
    });
    connection = fresh;
    isLost = false;
  };
  const run = async (fn: 'pg_try_advisory_lock' | 'pg_advisory_unlock', tenantId: string, id: number) => {
    if (isLost || !connection) return false;
    try {
      const result = await connection.query<{ ok: boolean }>(lockSql(fn), [tenantId, id]);
      return result.rows[0]?.ok === true;
    } catch (error) {
      isLost = true;
      throw error;
    }
  };
  await connect();
  return {
    tryLock: async (tenantId, id) => {
      if (held.has(key(tenantId, id))) return true;
      const ok = await run('pg_try_advisory_lock', tenantId, id);
      if (ok) held.add(key(tenantId, id));
      return ok;
    },
    unlock: async (tenantId, id) => {
      if (!held.delete(key(tenantId, id))) return;
      await run('pg_advisory_unlock', tenantId, id);
    },
    isHealthy: () => !isLost && connection !== null,
    reconnect: connect,
    close: async () => {
      drop();
      isLost = true;
      await Promise.resolve();
    },
  };
}

const memoryHeld = new WeakMap<object, Set<string>>();

function memoryLocks(db: Db): MailboxLocks {
  const mine = new Set<string>();
  let all = memoryHeld.get(db);
  if (!all) {
    all = new Set();
    memoryHeld.set(db, all);
  }
  const taken = all;
  const key = (tenantId: string, id: number) => `${tenantId}\u0000${String(id)}`;
  return {
    tryLock: async (tenantId, id) => {
      const k = key(tenantId, id);
      if (mine.has(k)) return true;
      if (taken.has(k)) return false;
      taken.add(k);
      mine.add(k);
      return Promise.resolve(true);
    },
    unlock: async (tenantId, id) => {
      const k = key(tenantId, id);
      if (mine.delete(k)) taken.delete(k);
      return Promise.resolve();
    },
    isHealthy: () => true,
    reconnect: () => Promise.resolve(),
    close: async () => {
      for (const k of mine) taken.delete(k);
      mine.clear();
      return Promise.resolve();
    },
  };
}
