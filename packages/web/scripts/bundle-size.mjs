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
/** Aims per route (issue 21: the inbox under 250 KB), printed as PASS or over; only /login's limit fails the script. */
const AIMS_KB = { '/messages/mail': 250 };

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
  '/messages/mail': ['src/app/shell/app-shell.tsx', 'src/features/mail/routes/inbox.tsx'],
  '/unmapped-mails/all/inbox': ['src/app/shell/app-shell.tsx', 'src/features/mail/routes/unmapped-mails.tsx'],
  '/settings/upgrade-account': [
    'src/app/shell/app-shell.tsx',
    'src/features/users/routes/upgrade-account.tsx',
  ],
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
/** The chunk of `key` and what it imports statically; with `isLazyToo`, what it imports lazily as well. */
const collect = (key, files = new Set(), isLazyToo = false) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files, isLazyToo);
  if (isLazyToo) for (const imported of chunk.dynamicImports ?? []) collect(imported, files, true);
  return files;
};
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

const jsOf = (files) => [...files].filter((f) => f.endsWith('.js'));
const kbOf = (files) => jsOf(files).reduce((sum, f) => sum + gzipKb(f), 0);

let failed = false;
console.log('route                          files   gzip KB   (with its lazy parts: files, gzip KB)');
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = collect(entryKey);
  for (const m of modules) {
    if (!manifest[m]) console.warn(`  (no chunk for ${m})`);
    collect(m, files);
  }
  // What the route may still load on demand (a reading pane, a dialog): its own module's lazy
  // imports with what they import, on top (not the whole app's, which every shared chunk reaches).
  const withLazy = new Set(files);
  for (const lazy of manifest[modules.at(-1)]?.dynamicImports ?? []) collect(lazy, withLazy);
  const kb = kbOf(files);
  const over = route === '/login' && kb > LIMIT_KB;
  failed ||= over;
  const aim = AIMS_KB[route];
  const verdict = aim === undefined ? '' : `  aim under ${aim} KB: ${kb < aim ? 'PASS' : 'over'}`;
  console.log(
    `${route.padEnd(30)} ${String(jsOf(files).length).padStart(5)}   ${kb.toFixed(1).padStart(7)}   (${jsOf(withLazy).length}, ${kbOf(withLazy).toFixed(1)})${over ? `  over the ${LIMIT_KB} KB budget` : ''}${verdict}`,
  );
  // Where a route with an aim spends it: its biggest chunks.
  if (aim !== undefined) {
    const biggest = jsOf(files)
      .map((f) => [f, gzipKb(f)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    for (const [f, size] of biggest) console.log(`    ${size.toFixed(1).padStart(7)} KB  ${f}`);
  }
}
if (failed) process.exitCode = 1;
