import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/client';
import { createScratchDatabase } from './scratch-database';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * A database that outlives a server process: PGlite in DATA_DIR/db, or, when DATABASE_URL is
 * set, a new PostgreSQL database dropped by `remove`. On PGlite only one process may open it at
 * a time: close what `open` gave before a server starts on it.
 */
export interface ServerDatabase {
  dataDir: string;
  url: string | undefined;
  open: () => Promise<Database>;
  remove: () => Promise<void>;
}

export async function createServerDatabase(): Promise<ServerDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-process-'));
  const { url, drop } = await createScratchDatabase('claimdesk_process');
  return {
    dataDir,
    url,
    open: () => openDatabase({ url, dataDir, poolSize: 5 }),
    remove: async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote, for the message of a failing test. */
  output: () => string;
  /** Kills the process at once (SIGKILL: no shutdown, nothing finished or recorded). */
  kill: () => Promise<void>;
  /** Stops the process as an operator does (SIGTERM: the sends in hand are finished first). */
  stop: () => Promise<void>;
}

/** Starts the real server (src/main.ts through tsx) as a child process on the database. */
export function startServerProcess(database: ServerDatabase, env: Record<string, string>): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: database.dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(database.dataDir, 'no-web'),
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (database.url) childEnv.DATABASE_URL = database.url;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { child, output: () => text, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** The port a server process says it listens on, once it does; fails if it stops or never says. */
export async function portOf(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Claimdesk is running at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`the server did not start; it said:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
