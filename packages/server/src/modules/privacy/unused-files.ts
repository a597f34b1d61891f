import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { fileKeysInUse } from './file-references.system';

/**
 * Deletes the files of these keys that no row of any store names any more (files are shared by
 * equal bytes across stores). Used after an erasure commits, and by ingest when an erased mail
 * came in again: its raw file and attachments were written before the tombstone was known.
 * Answers how many files were deleted.
 */
export async function removeUnusedFiles(db: Db, files: FileStorage, keys: string[]): Promise<number> {
  const unique = [...new Set(keys)];
  const inUse = await fileKeysInUse(db, unique);
  const unused = unique.filter((key) => !inUse.has(key));
  for (const key of unused) await files.remove(key);
  return unused.length;
}
