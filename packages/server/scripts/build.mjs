// Compiles the server once into dist/ (esbuild): main.js (the server) and admin.js (npm run
// admin), with the contracts and the packages of `devDependencies` bundled in (drizzle-orm) and
// every package of `dependencies` left to Node, so that plain `node dist/main.js` runs it with no
// TypeScript loader and a pruned install (npm prune --omit=dev) stays small. The migrations and
// the PDF fonts go beside it.
// Writes dist/build-stamp.json with the sources' fingerprint (see run.mjs).
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { sourcesFingerprint } from './fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** The font files src/modules/reports/cost-pdf/pdf-document.ts reads. */
const PDF_FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];
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
    // The oldest runtime package.json's engines allow; Node.js 24 LTS is the one recommended.
    target: 'node20.19',
    sourcemap: true,
    external,
    metafile: true,
    logLevel: 'warning',
  });
  await cp(path.join(root, 'src/db/migrations'), path.join(next, 'migrations'), { recursive: true });
  // The two faces the cost PDFs embed, so that the font package can stay out of production.
  for (const face of PDF_FONTS)
    await cp(require.resolve(`dejavu-fonts-ttf/ttf/${face}`), path.join(next, 'fonts', face));
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
