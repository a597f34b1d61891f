import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where files live: content-addressed by SHA-256, each stored once. Local disk by default;
 * an S3-compatible store implements the same interface (key = object name, `has`/`size` =
 * HEAD, `put` = HEAD then PUT when missing, `get`/`stream` = GET).
 */
export interface FileStorage {
  /** Stores the bytes (once: equal bytes share one file) durably and answers their key, the hex SHA-256. */
  put: (bytes: Uint8Array) => Promise<string>;
  /** The bytes for a key, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  /** A stream of the bytes for a key (large attachments), or null when there is none. */
  stream: (key: string) => Promise<Readable | null>;
  /** Whether a file with this key is stored. */
  has: (key: string) => Promise<boolean>;
  /** The size in bytes of the file with this key, or null when there is none. */
  size: (key: string) => Promise<number | null>;
}

/** The storage key of some bytes: their hex SHA-256. */
export const contentKey = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const KEY = /^[0-9a-f]{64}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  const knownDirs = new Set<string>();
  const size = async (key: string) => {
    if (!KEY.test(key)) return null;
    try {
      return (await stat(fileOf(key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    put: async (bytes) => {
      const key = contentKey(bytes);
      const file = fileOf(key);
      if ((await size(key)) === bytes.byteLength) return key;
      const dir = path.dirname(file);
      // Folders are never removed: one mkdir per folder and process is enough.
      if (!knownDirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        knownDirs.add(dir);
      }
      const temp = `${file}.${String(process.pid)}.${String(Date.now())}.${Math.random().toString(36).slice(2)}.tmp`;
      // Written, flushed to disk, then renamed into place: a crash never leaves a partial file
      // under a key, and a caller that got the key may rely on the bytes being there.
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      await handle.close();
      await rename(temp, file);
      return key;
    },
    get: async (key) => {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stream: async (key) => ((await size(key)) === null ? null : createReadStream(fileOf(key))),
    has: async (key) => (await size(key)) !== null,
    size,
  };
}
