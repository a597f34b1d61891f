/**
 * A data folder the server cannot use stops the start, or an admin command, with one sentence for
 * the operator naming DATA_DIR or the process that holds the embedded database: never an
 * ENOENT/EROFS from deep inside, never a stack trace (issue 36, point 9).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from './admin-cli';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const { DATABASE_URL: _serverUrl, ...withoutDatabaseUrl } = process.env;
const STACK_LINE = /\n\s+at /;
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<{ code: number; err: string }> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...withoutDatabaseUrl, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
      timeout: 60_000,
    });
    return { code: 0, err: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, err: e.stderr };
  }
}

describe('[OPS] an unusable data folder', { timeout: 120_000 }, () => {
  it('stops the start with a sentence naming DATA_DIR', async () => {
    // A folder cannot be made inside a file, not even by root.
    const parent = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-nodir-'));
    folders.push(parent);
    const file = path.join(parent, 'a-file');
    await writeFile(file, '');
    const started = await start(path.join(file, 'data'));
    expect(started.code).toBe(1);
    expect(started.err).toContain(`DATA_DIR (${path.join(file, 'data')}) cannot be written (ENOTDIR)`);
    expect(started.err).not.toMatch(STACK_LINE);
  });

  it('an admin command on an embedded database open in another process says so, without a stack trace', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-held-'));
    folders.push(dataDir);
    // This test's own process, alive, holds it.
    await writeFile(path.join(dataDir, 'embedded-database.pid'), String(process.pid));
    const listed = await runAdmin({ dataDir }, 'list-stores');
    expect(listed.code).toBe(1);
    expect(listed.err).toContain(`is open in process ${String(process.pid)}`);
    expect(listed.err).not.toMatch(STACK_LINE);
  });
});
