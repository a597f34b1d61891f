import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
// The command runs on the database it is given, never on the one the tests run on.
const { DATABASE_URL: _serverUrl, ...withoutDatabaseUrl } = process.env;

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `npm run admin -- args` as an operator would, on DATA_DIR and, when given, a PostgreSQL database. */
export async function runAdmin(
  where: { dataDir: string; url?: string; env?: Record<string, string> },
  ...args: string[]
): Promise<AdminRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/admin.ts', ...args], {
      cwd: serverDir,
      env: {
        ...withoutDatabaseUrl,
        DATA_DIR: where.dataDir,
        LOG_LEVEL: 'silent',
        ...(where.url && { DATABASE_URL: where.url }),
        ...where.env,
      },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}
