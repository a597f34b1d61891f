import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLocalFileStorage } from './lib/file-storage';
import { seedDemo } from './seed/demo-seed';
import { startBanner } from './seed/start-banner';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (error) => console.warn(`PostgreSQL connection lost (it is replaced): ${error.message}`),
  });
  const seeded = config.SEED_DEMO
    ? await seedDemo(database.db, createLocalFileStorage(path.join(config.DATA_DIR, 'files')))
    : false;
  const app = await buildApp({ config, db: database.db });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.PORT}`;
  console.log(
    await startBanner(database.db, config, { address, databaseKind: database.kind, isSeeded: seeded }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
