// What the server's build is made from, as one fingerprint: each source file's path, size and
// modification time (the server's src, the contracts, their package files). A change to any of
// them, an added or a removed file, changes it.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(server, 'scripts/build.mjs'),
  path.join(server, '../contracts/src'),
  path.join(server, '../contracts/package.json'),
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

export async function sourcesFingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES)
    for await (const [file, info] of filesOf(source))
      hash.update(`${path.relative(server, file)}\0${String(info.size)}\0${String(info.mtimeMs)}\n`);
  return hash.digest('hex');
}
