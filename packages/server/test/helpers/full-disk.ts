/**
 * A file store on a disk that fills up: the real store underneath, with a count of the bytes
 * still free. A write that does not fit fails as Node's fs fails on a full disk (an Error with
 * code ENOSPC), after the bytes that did fit were taken (a stream is read up to the room left,
 * so the store's own clean-up of a half-written file runs). Equal bytes already stored take no
 * room, as the content-addressed store writes them once.
 */
import { contentKey, type FileStorage } from '../../src/lib/file-storage';

export const enospc = (): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });

export interface FullDisk {
  files: FileStorage;
  /** Sets the bytes free (Infinity: room made). */
  setFree: (bytes: number) => void;
  /** How many writes failed for want of room. */
  failures: () => number;
}

export function fullDisk(inner: FileStorage, free = 0): FullDisk {
  let room = free;
  let failed = 0;
  const take = (bytes: number) => {
    if (bytes > room) {
      failed += 1;
      room = 0;
      throw enospc();
    }
    room -= bytes;
  };
  async function* metered(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      take(chunk.byteLength);
      yield chunk;
    }
  }
  return {
    files: {
      ...inner,
      put: async (bytes) => {
        if (!(await inner.has(contentKey(bytes)))) take(bytes.byteLength);
        return inner.put(bytes);
      },
      putStream: (source) => inner.putStream(metered(source)),
    },
    setFree: (bytes) => {
      room = bytes;
    },
    failures: () => failed,
  };
}
