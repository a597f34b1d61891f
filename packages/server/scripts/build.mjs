// Compiles the server once into dist/ (esbuild): main.js (the server) and admin.js (npm run
// admin), with the contracts bundled in and every package of `dependencies` left to Node, so
// that plain `node dist/main.js` runs it with no TypeScript loader. The migrations go beside it.
// Writes dist/build-stamp.json with the sources' fingerprint (see run.mjs).
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { sourcesFingerprint } from './fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

export async function buildServer() {
  const started = Date.now();
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith('@claimdesk/'))
    .flatMap((name) => [name, `${name}/*`]);
  // Built beside dist/ and moved in whole, so that a server starting meanwhile never sees half.
  const next = `${dist}.building-${String(process.pid)}`;
  await rm(next, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: path.join(root, 'src/main.ts'), admin: path.join(root, 'src/admin.ts') },
    outdir: next,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    metafile: true,
    logLevel: 'warning',
  });
  await cp(path.join(root, 'src/db/migrations'), path.join(next, 'migrations'), { recursive: true });
  await writeFile(path.join(next, 'meta.json'), JSON.stringify(result.metafile));
  await writeFile(
    path.join(next, 'build-stamp.json'),
    JSON.stringify({ fingerprint: await sourcesFingerprint() }),
  );
  for (let attempt = 0; ; attempt++) {
    await rm(dist, { recursive: true, force: true });
    try {
      await rename(next, dist);
      break;
    } catch (error) {
      // Another build moved its dist/ in between: take its place.
      if (attempt > 5 || !['ENOTEMPTY', 'EEXIST'].includes(error.code)) throw error;
    }
  }
  return Date.now() - started;
}

if (process.argv[1] === import.meta.filename) {
  const ms = await buildServer();
  console.log(`server built into dist/ in ${(ms / 1000).toFixed(1)} s`);
}
