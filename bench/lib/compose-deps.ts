// What the compose benchmark's three sides share: the server's environment, and the app's own
// dependencies (AppDeps) built by buildApp from that environment, so that the ceiling (this
// process) and the floor (compose-floor-server.ts) call the compose services exactly as the
// API's routes do, on the same database, files and keys.
import type { AppDeps } from '../../packages/server/src/app-deps';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/db/client';
import { forTenant } from '../../packages/server/src/db/tenant-db';
import type { AuthContext } from '../../packages/server/src/auth-context';

/** Fixed keys: the mailbox password sealed by the benchmark opens in the server and the floor. */
const ENCRYPTION_KEY = 'bench-compose-encryption-key-0123456789';
const JWT_SECRET = 'bench-compose-jwt-secret-0123456789abcdef';

/** The environment of the API server, the floor and the ceiling: no mail workers, a pool of `poolSize`. */
export function composeEnv(options: {
  dataDir: string;
  dbUrl: string;
  poolSize: number;
}): Record<string, string> {
  return {
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.dbUrl,
    DATABASE_POOL_SIZE: String(options.poolSize),
    MAIL_WORKERS: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PORT: '0',
    ENCRYPTION_KEY,
    JWT_SECRET,
  };
}

/** The app's dependencies as its routes get them (the Fastify app is built, never listens). */
export async function composeDeps(
  env: Record<string, string>,
): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const config = loadConfig({ ...process.env, ...env });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, db: database.db });
  return {
    deps: app.deps,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The caller as the auth hook makes it for a signed-in administrator of the store. */
export function staffAuth(deps: AppDeps, tenantId: string, username: string): AuthContext {
  return {
    tenantId,
    companyName: 'Bench Compose',
    username,
    authorities: ['ADMIN_USER'],
    grantType: 'password',
    // In-process calls: no token, so no session of its own.
    sessionId: '',
    address: '127.0.0.1',
    db: forTenant(deps.db, tenantId),
  };
}
