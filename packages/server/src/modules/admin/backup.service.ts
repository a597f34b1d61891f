// npm run admin -- backup <file> | restore <file>: the embedded database (PGlite's own dump of
// its data folder), the local file store and the keys (backup-keys.ts), in one zip sealed with a
// passphrase (backup-crypto.ts). On PostgreSQL the database is backed up with pg_dump (README)
// and these take the files and the keys; files on S3 are the bucket's to keep.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Unzip, UnzipInflate, Zip, ZipPassThrough } from 'fflate';
import { AdminError } from './admin.service';
import { isSealed, seal, unseal } from './backup-crypto';
import { restoreKeys, type BackupKeys } from './backup-keys';

const MANIFEST = 'claimdesk-backup.json';
const KEYS_ENTRY = 'keys.json';
const DATABASE_ENTRY = 'database.tar.gz';
const FILES_PREFIX = 'files/';

export interface BackupManifest {
  /** 1: a plain zip without keys (before keys were kept); 2: sealed, with the keys. */
  format: 1 | 2;
  createdAt: string;
  /** The embedded database's dump is in the backup; 'postgres': it is not (pg_dump). */
  database: 'pglite' | 'postgres';
  files: number;
}

export interface BackupPlace {
  dataDir: string;
  /** The PGlite instance to dump; null on PostgreSQL. */
  pglite: PGlite | null;
  /** Whether the files are in DATA_DIR/files (false: on S3). */
  hasLocalFiles: boolean;
}

async function* filesUnder(dir: string, base = dir): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    // Uploads still arriving are no files yet.
    if (entry.isDirectory() && !(dir === base && entry.name === 'incoming')) yield* filesUnder(full, base);
    else if (entry.isFile()) yield path.relative(base, full);
  }
}

/**
 * Writes the backup to `file`, sealed with the passphrase (written aside and moved into place when
 * whole). The keys go in with the data, so a restore into an empty folder brings the store back.
 */
export async function backup(
  place: BackupPlace,
  file: string,
  secret: { keys: BackupKeys; passphrase: string },
): Promise<BackupManifest> {
  const temp = `${file}.partial`;
  const plain = `${file}.zip.partial`;
  const out = createWriteStream(plain, { mode: 0o600 });
  const failed: Error[] = [];
  const zip = new Zip((error, chunk, final) => {
    if (error) failed.push(error);
    else out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (failed[0]) throw failed[0];
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const add = async (name: string, chunks: AsyncIterable<Uint8Array> | Uint8Array[]) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(chunk);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
  };
  const manifest: BackupManifest = {
    format: 2,
    createdAt: new Date().toISOString(),
    database: place.pglite ? 'pglite' : 'postgres',
    files: 0,
  };
  try {
    await add(KEYS_ENTRY, [new TextEncoder().encode(JSON.stringify(secret.keys))]);
    if (place.pglite) {
      const dump = await place.pglite.dumpDataDir('gzip');
      await add(DATABASE_ENTRY, [new Uint8Array(await dump.arrayBuffer())]);
    }
    if (place.hasLocalFiles) {
      const root = path.join(place.dataDir, 'files');
      for await (const relative of filesUnder(root)) {
        await add(
          `${FILES_PREFIX}${relative.split(path.sep).join('/')}`,
          createReadStream(path.join(root, relative)),
        );
        manifest.files += 1;
      }
    }
    await add(MANIFEST, [new TextEncoder().encode(JSON.stringify(manifest, null, 2))]);
    zip.end();
    if (!out.writableFinished) await once(out, 'finish');
    if (failed[0]) throw failed[0];
    await seal(plain, temp, secret.passphrase);
    await rename(temp, file);
    return manifest;
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  } finally {
    await rm(plain, { force: true });
  }
}

const isEmptyDir = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

/**
 * Restores a backup into DATA_DIR: the embedded database (only where there is none: move the
 * old one away first) and the files. Answers the backup's manifest.
 */
export async function restore(
  target: { dataDir: string; isEmbedded: boolean; hasLocalFiles: boolean },
  file: string,
  passphrase: string | undefined,
): Promise<BackupManifest & { hasKeys: boolean }> {
  await stat(file).catch(() => {
    throw new AdminError(`there is no backup ${file}`);
  });
  const dbDir = path.join(target.dataDir, 'db');
  if (target.isEmbedded && !(await isEmptyDir(dbDir)))
    throw new AdminError(`${dbDir} holds a database: move it away first (restore writes a new one)`);
  if (!(await isSealed(file))) return restoreZip(target, file);
  if (!passphrase) throw new AdminError('this backup is sealed: give its passphrase (BACKUP_PASSPHRASE)');
  const plain = `${file}.${String(process.pid)}.opened`;
  try {
    await unseal(file, plain, passphrase);
    return await restoreZip(target, plain);
  } finally {
    await rm(plain, { force: true });
  }
}

/** Restores an opened backup (a zip). */
async function restoreZip(
  target: { dataDir: string; isEmbedded: boolean; hasLocalFiles: boolean },
  file: string,
): Promise<BackupManifest & { hasKeys: boolean }> {
  const dbDir = path.join(target.dataDir, 'db');
  let keys: BackupKeys | null = null;
  const filesRoot = path.join(target.dataDir, 'files');
  let manifest: BackupManifest | null = null;
  const database: Uint8Array[] = [];
  const writes: Promise<void>[] = [];
  const failed: Error[] = [];
  const unzip = new Unzip((entry) => {
    const name = entry.name;
    if (name.startsWith(FILES_PREFIX)) {
      const relative = name.slice(FILES_PREFIX.length);
      if (relative === '' || relative.split('/').some((part) => part === '..' || part === '')) {
        failed.push(new AdminError(`the backup holds a file outside the file store: ${name}`));
        return;
      }
      if (!target.hasLocalFiles) return;
      const destination = path.join(filesRoot, ...relative.split('/'));
      const chunks: Uint8Array[] = [];
      entry.ondata = (error, chunk, final) => {
        if (error) failed.push(error);
        else chunks.push(chunk);
        if (final)
          writes.push(
            (async () => {
              await mkdir(path.dirname(destination), { recursive: true });
              const out = createWriteStream(destination);
              for (const part of chunks) if (!out.write(part)) await once(out, 'drain');
              out.end();
              await once(out, 'finish');
            })(),
          );
      };
    } else {
      const chunks: Uint8Array[] = [];
      entry.ondata = (error, chunk, final) => {
        if (error) failed.push(error);
        else chunks.push(chunk);
        if (!final) return;
        if (name === DATABASE_ENTRY) database.push(...chunks);
        if (name === KEYS_ENTRY) keys = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupKeys;
        if (name === MANIFEST)
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      };
    }
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(file)) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(writes);
  if (failed[0]) throw failed[0];
  const found = manifest as BackupManifest | null;
  if (found?.format !== 1 && found?.format !== 2) throw new AdminError(`${file} is no Claimdesk backup`);
  const kept = keys as BackupKeys | null;
  // The keys before the database: a folder that holds other keys is refused before it is written.
  if (kept) await restoreKeys(target.dataDir, kept);
  if (target.isEmbedded) {
    if (database.length === 0)
      throw new AdminError(
        'the backup holds no embedded database (it was made on PostgreSQL: restore that with pg_restore)',
      );
    await mkdir(dbDir, { recursive: true });
    const pglite = new PGlite(dbDir, { loadDataDir: new Blob([Buffer.concat(database)]) });
    await pglite.waitReady;
    await pglite.close();
  }
  return { ...found, hasKeys: kept !== null };
}
