import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
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
  /**
   * Stores bytes as they arrive (an upload), never holding them whole: hashed while written to a
   * temporary file, then moved under their key. When the source fails, the temporary file is removed
   * and the source's error thrown.
   */
  putStream: (source: AsyncIterable<Uint8Array>) => Promise<StoredFile>;
  /** The bytes for a key, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  /** A stream of the bytes for a key (large attachments), or null when there is none. */
  stream: (key: string) => Promise<Readable | null>;
  /** Whether a file with this key is stored. */
  has: (key: string) => Promise<boolean>;
  /** The size in bytes of the file with this key, or null when there is none. */
  size: (key: string) => Promise<number | null>;
  /**
   * Deletes the file with this key (none is no error). Files are shared by equal bytes, so the
   * caller first makes sure no row of any store still names the key (a customer's erasure).
   */
  remove: (key: string) => Promise<void>;
}

/** A file as stored: its key (the hex SHA-256 of its bytes) and its size in bytes. */
export interface StoredFile {
  key: string;
  size: number;
}

/** The storage key of some bytes: their hex SHA-256. */
export const contentKey = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const KEY = /^[0-9a-f]{64}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const tempName = () => `${String(process.pid)}.${randomUUID()}.tmp`;

/** Far longer than any upload may take (the request timeout is minutes): older ones were cut off by a crash. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Removes what uploads cut off by a crash or kill left in the folder; uploads in flight are younger. */
async function removeStaleUploads(dir: string): Promise<void> {
  const before = Date.now() - STALE_UPLOAD_MS;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < before) await unlink(file).catch(() => undefined);
  }
}

/** Writes to a new file and flushes it to disk, removing it again when anything fails. */
async function writeDurably(file: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await write(handle);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw error;
  }
  await handle.close();
}

export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  // Uploads arrive here before their hash is known: inside the store, so the rename into place is
  // atomic (same file system), and apart from the key folders.
  const incoming = path.join(root, 'incoming');
  let incomingReady: Promise<void> | undefined;
  const prepareIncoming = () => {
    incomingReady ??= (async () => {
      await mkdir(incoming, { recursive: true });
      // Once per process; a failure to clean up does not stop uploads.
      await removeStaleUploads(incoming).catch(() => undefined);
    })().catch((error: unknown) => {
      incomingReady = undefined;
      throw error;
    });
    return incomingReady;
  };
  const knownDirs = new Set<string>();
  const ensureDir = async (dir: string) => {
    // Folders are never removed: one mkdir per folder and process is enough.
    if (knownDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    knownDirs.add(dir);
  };
  const size = async (key: string) => {
    if (!KEY.test(key)) return null;
    try {
      return (await stat(fileOf(key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  /** Moves a complete, flushed temporary file under its key, or drops it when equal bytes are stored. */
  const place = async (temp: string, key: string, bytes: number) => {
    try {
      if ((await size(key)) === bytes) {
        await unlink(temp);
        return;
      }
      await ensureDir(path.dirname(fileOf(key)));
      await rename(temp, fileOf(key));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  };
  return {
    put: async (bytes) => {
      const key = contentKey(bytes);
      if ((await size(key)) === bytes.byteLength) return key;
      await ensureDir(path.dirname(fileOf(key)));
      // Written, flushed to disk, then renamed into place: a crash never leaves a partial file
      // under a key, and a caller that got the key may rely on the bytes being there.
      const temp = `${fileOf(key)}.${tempName()}`;
      await writeDurably(temp, (handle) => handle.writeFile(bytes));
      await rename(temp, fileOf(key));
      return key;
    },
    putStream: async (source) => {
      await prepareIncoming();
      const temp = path.join(incoming, tempName());
      const hash = createHash('sha256');
      let bytes = 0;
      await writeDurably(temp, async (handle) => {
        for await (const chunk of source) {
          hash.update(chunk);
          bytes += chunk.byteLength;
          // One chunk at a time: the source waits for the disk, so memory holds a chunk, not the upload.
          await handle.write(chunk);
        }
      });
      const key = hash.digest('hex');
      await place(temp, key, bytes);
      return { key, size: bytes };
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
    remove: async (key) => {
      if (!KEY.test(key)) return;
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
  };
}
