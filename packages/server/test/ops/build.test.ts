/**
 * The compiled server (issue 26 point 1): one build into dist/ with esbuild, run with plain node
 * (no TypeScript loader), every package it imports at run time a production dependency (so that
 * `npm ci --omit=dev` is enough to start it), and a second start that does not build again.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../helpers/mail-servers';

const server = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-build-'));
  const { buildServer } = (await import(path.join(server, 'scripts/build.mjs'))) as {
    buildServer: () => Promise<number>;
  };
  await buildServer();
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');

it('imports at run time only Node itself and packages of `dependencies`', async () => {
  const meta = JSON.parse(await readFile(path.join(server, 'dist/meta.json'), 'utf8')) as {
    outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
  };
  const pkg = JSON.parse(await readFile(path.join(server, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const bare = new Set(
    Object.values(meta.outputs)
      .flatMap((o) => o.imports)
      .filter((i) => i.external && !i.path.startsWith('node:') && !i.path.startsWith('.'))
      .map((i) => packageOf(i.path)),
  );
  expect(bare.size).toBeGreaterThan(10);
  const notProduction = [...bare].filter((name) => !(name in pkg.dependencies));
  expect(notProduction).toEqual([]);
  // The loader of the sources is for development only.
  expect(pkg.dependencies).not.toHaveProperty('tsx');
  expect(bare).not.toContain('@claimdesk/contracts');
});

it('starts with plain node from dist/, without building again, and answers', async () => {
  const port = await freePort();
  const smtpPort = await freePort();
  const child = spawn(process.execPath, ['scripts/run.mjs', 'main'], {
    cwd: server,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      INBOUND_SMTP_PORT: String(smtpPort),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('running at') && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('server build up to date');
    expect(output).toContain(`running at http://127.0.0.1:${String(port)}`);
    const health = await fetch(`http://127.0.0.1:${String(port)}/healthz`);
    expect(health.status).toBe(200);
    // No TypeScript loader in the server's process: plain node on the compiled files.
    const cmdline = await readFile(`/proc/${String(child.pid)}/cmdline`, 'utf8');
    expect(cmdline.split('\0').filter(Boolean)).toEqual([process.execPath, 'scripts/run.mjs', 'main']);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}, 90_000);

/** Whether anything accepts a connection on the port now. */
const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

it('`npm start` is the server: SIGTERM to the process it starts stops the server, nothing orphaned', async () => {
  const port = await freePort();
  // What Docker's `CMD npm start`, systemd with KillMode=process and most process managers signal.
  const child = spawn('npm', ['start'], {
    cwd: server,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      INBOUND_SMTP_PORT: String(await freePort()),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('running at') && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  expect(output).toContain(`running at http://127.0.0.1:${String(port)}`);
  expect(await isListening(port)).toBe(true);

  child.kill('SIGTERM');
  const stopped = Date.now();
  await exited;
  while ((await isListening(port)) && Date.now() - stopped < 5_000)
    await new Promise((r) => setTimeout(r, 100));
  expect(await isListening(port), output).toBe(false);
  expect(Date.now() - stopped).toBeLessThan(5_000);
}, 90_000);

const systemdAnalyze = '/usr/bin/systemd-analyze';
it.runIf(existsSync(systemdAnalyze))(
  'ships a systemd unit that systemd-analyze verifies, starting node directly',
  async () => {
    const unit = path.resolve(server, '../../docs/systemd/claimdesk.service');
    const text = await readFile(unit, 'utf8');
    expect(text).toMatch(/^ExecStart=\S*node packages\/server\/dist\/main\.js$/m);
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(systemdAnalyze, ['verify', unit], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });
    expect(result.code, result.output).toBe(0);
  },
);
