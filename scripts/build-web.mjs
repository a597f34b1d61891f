// npm start's first step: builds the web app into packages/web/dist only when its sources changed
// since the last build (a fingerprint of each file's path, size and time, kept in
// dist/build-stamp.json), and says how long that took. Without the build tools (npm ci
// --omit=dev) a build that is up to date is all it needs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const stampFile = path.join(web, 'dist/build-stamp.json');
const SOURCES = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/vite-precompress.ts',
  'packages/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
];

async function* filesOf(entry) {
  const info = await stat(entry);
  if (!info.isDirectory()) {
    yield [entry, info];
    return;
  }
  for (const child of (await readdir(entry)).sort()) {
    if (child === '__tests__' || child === 'node_modules') continue;
    yield* filesOf(path.join(entry, child));
  }
}

async function fingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES)
    for await (const [file, info] of filesOf(path.join(root, source)))
      hash.update(`${path.relative(root, file)}\0${String(info.size)}\0${String(info.mtimeMs)}\n`);
  return hash.digest('hex');
}

const started = Date.now();
const current = await fingerprint();
const stamp = await readFile(stampFile, 'utf8').then(
  (text) => JSON.parse(text).fingerprint,
  () => null,
);
if (stamp === current) {
  console.log(`web app build up to date (checked in ${String(Date.now() - started)} ms)`);
} else {
  const build = spawnSync('npm', ['run', '-s', 'build', '-w', '@claimdesk/web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(
      build.error?.code === 'ENOENT' || build.status === 127
        ? 'The web app is not built, and the build tools are not installed: run `npm ci` and `npm run build` once.'
        : 'The web app did not build.',
    );
    process.exit(1);
  }
  await writeFile(stampFile, JSON.stringify({ fingerprint: current }));
  console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
