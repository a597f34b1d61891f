import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, access } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files live: content-addressed by SHA-256, each stored once. Local disk by default;
 * an S3-compatible store can implement the same interface.
 */
export interface FileStorage {
  /** Stores the bytes (once) and answers their key, the hex SHA-256. */
  put: (bytes: Uint8Array) => Promise<string>;
  /** The bytes for a key, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
}

const KEY = /^[0-9a-f]{64}$/;

export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  return {
    put: async (bytes) => {
      const key = createHash('sha256').update(bytes).digest('hex');
      const file = fileOf(key);
      try {
        await access(file);
        return key;
      } catch {
        await mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temp, bytes);
        await rename(temp, file);
        return key;
      }
    },
    get: async (key) => {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
