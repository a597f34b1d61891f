// npm start / npm run admin in this package: runs dist/<entry>.js with plain node, building the
// server first only when its sources changed since the last build (printing how long it took).
// Without the build tools (npm ci --omit=dev) a build that is up to date is all it needs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sourcesFingerprint } from './fingerprint.mjs';

const entry = process.argv[2] ?? 'main';
const dist = path.resolve(import.meta.dirname, '../dist');

async function isUpToDate() {
  try {
    const stamp = JSON.parse(await readFile(path.join(dist, 'build-stamp.json'), 'utf8'));
    return stamp.fingerprint === (await sourcesFingerprint());
  } catch {
    return false;
  }
}

const checked = Date.now();
if (await isUpToDate()) {
  if (entry === 'main')
    console.log(`server build up to date (checked in ${String(Date.now() - checked)} ms)`);
} else {
  let buildServer;
  try {
    ({ buildServer } = await import('./build.mjs'));
  } catch {
    console.error(
      'The server is not built, and the build tools are not installed: run `npm ci` and `npm run build` once.',
    );
    process.exit(1);
  }
  const ms = await buildServer();
  console.log(`server built in ${(ms / 1000).toFixed(1)} s`);
}
// Stack traces in the log name the TypeScript sources.
process.setSourceMapsEnabled(true);
process.argv.splice(2, 1);
await import(pathToFileURL(path.join(dist, `${entry}.js`)).href);
