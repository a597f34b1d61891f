import { readFileSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { OperatorError } from './operator-error';

/**
 * The embedded database (PGlite) may be open in one process at a time: a second server or an
 * admin command on the same data folder would corrupt it. The process that opens it writes its
 * pid into DATA_DIR/embedded-database.pid (removed when it exits); another refuses to start while
 * that process lives. A file left by a process that died is taken over.
 */
export function holdEmbeddedDatabase(dataDir: string): void {
  const file = path.join(dataDir, 'embedded-database.pid');
  mkdirSync(dataDir, { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
      throw new OperatorError(
        `The embedded database in ${dataDir} is open in process ${String(holder)}: stop that server first (only one process can open it).`,
      );
    unlinkSync(file);
  }
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Gone already.
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
