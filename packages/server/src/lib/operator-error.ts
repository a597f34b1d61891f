import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A failure of the start or of an admin command whose message is a sentence for the operator
 * (what is wrong and what to do): printed alone, never with a stack trace.
 */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/**
 * DATA_DIR must be a folder this process can write (the embedded database, files, keys, the
 * mail-out folder): made when missing, then proven with a file written and removed. Otherwise the
 * start stops with a sentence naming DATA_DIR, not an ENOENT or EROFS from deep inside.
 */
export function assertDataDirWritable(dataDir: string): void {
  const dir = path.resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${String(process.pid)}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new OperatorError(
      `DATA_DIR (${dir}) cannot be written (${code}): set DATA_DIR to a folder this user may create and write, or give this user that right.`,
    );
  }
}
