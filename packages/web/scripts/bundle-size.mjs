#!/usr/bin/env node
// Prints the gzip size of the JavaScript the browser loads per route, from packages/web/dist
// (run `npm run build -w @claimdesk/web` first). It builds nothing itself.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run "npm run build -w @claimdesk/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const LIMIT_KB = 180;

/** The modules each route loads besides the entry (lazy route modules, in load order). */
const ROUTES = {
  '/login': ['src/features/auth/routes/login.tsx'],
  '/not-found': ['src/features/errors/routes/error-route.tsx'],
  '/cases/open/claim': [
    'src/app/shell/app-shell.tsx',
    'src/app/shell/cases-gate.tsx',
    'src/features/placeholders/routes/placeholder.tsx',
  ],
  '/users': ['src/app/shell/app-shell.tsx', 'src/features/users/routes/users.tsx'],
  '/settings/upgrade-account': [
    'src/app/shell/app-shell.tsx',
    'src/features/users/routes/upgrade-account.tsx',
  ],
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const collect = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
};
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

let failed = false;
console.log('route                          files   gzip KB');
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = collect(entryKey);
  for (const m of modules) {
    if (!manifest[m]) console.warn(`  (no chunk for ${m})`);
    collect(m, files);
  }
  const js = [...files].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((sum, f) => sum + gzipKb(f), 0);
  const over = route === '/login' && kb > LIMIT_KB;
  failed ||= over;
  console.log(
    `${route.padEnd(30)} ${String(js.length).padStart(5)}   ${kb.toFixed(1).padStart(7)}${over ? `  over the ${LIMIT_KB} KB budget` : ''}`,
  );
}
if (failed) process.exitCode = 1;
