import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** A port free on this machine now, so that two runs at once (a local one beside CI) never meet. */
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
  ])
    .toString()
    .trim();

// One fresh data folder and port per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'claimdesk-e2e-'));
process.env.E2E_PORT ??= freePort();
// The built-in inbound SMTP receiver's, so that the mail tests can send into it; never the web port.
while (!process.env.E2E_SMTP_PORT || process.env.E2E_SMTP_PORT === process.env.E2E_PORT)
  process.env.E2E_SMTP_PORT = freePort();
const dataDir = process.env.E2E_DATA_DIR;
const port = process.env.E2E_PORT;
const smtpPort = process.env.E2E_SMTP_PORT;
const root = path.resolve(import.meta.dirname, '..');
// A build of its own, so the tests never leave their hooks in packages/web/dist (E2E_WEB_DIST
// gives two runs at once a folder each).
const webDist = process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '.tmp', 'web-dist');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test's own waits are bounded by its expects; this is the ceiling on a busy machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Two runs at once in one tree (a helper beside CI) each keep their traces apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    // Traces cost every action a snapshot; CI, whose files nobody opens, turns them off
    // (E2E_TRACE=off in .ci/run).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The web build exposes its event buses to the tests (VITE_E2E_HOOKS) for the draft pop-up.
    command: `VITE_E2E_HOOKS=true npm run build -w @claimdesk/web -- --outDir ${webDist} --emptyOutDir && WEB_DIST=${webDist} DATA_DIR=${dataDir} PORT=${port} INBOUND_SMTP_PORT=${smtpPort} SHOPS_ALLOW_PRIVATE_ADDRESSES=true LOG_LEVEL=warn npm run start -w @claimdesk/server`,
    cwd: root,
    url: `http://127.0.0.1:${port}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
