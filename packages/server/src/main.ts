import { buildApp } from './app';
import { loadConfig } from './config';
import { createFileStore } from './file-store';
import { holdEmbeddedDatabase } from './lib/embedded-database-lock';
import { assertDataDirWritable } from './lib/operator-error';
import { openDatabase } from './db/client';
import { closeGracefully } from './plugins/graceful-shutdown';
import { seedDemo } from './seed/demo-seed';
import { startBanner } from './seed/start-banner';

async function main(): Promise<void> {
  const config = loadConfig();
  assertDataDirWritable(config.DATA_DIR);
  if (!config.DATABASE_URL) holdEmbeddedDatabase(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (error) => console.warn(`PostgreSQL connection lost (it is replaced): ${error.message}`),
  });
  // Under the migration lock: two processes starting together on an empty database seed once.
  const seeded = config.SEED_DEMO
    ? await database.exclusive(() => seedDemo(database.db, createFileStore(config)))
    : false;
  const app = await buildApp({ config, db: database.db });

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) {
      // A second Ctrl-C or SIGTERM: the operator will not wait.
      app.log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    isStopping = true;
    app.log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down');
    const outcome = await closeGracefully(app, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    // After a timeout something still holds a connection: the database is not waited for then.
    if (outcome === 'closed') await database.close();
    app.log.info({ outcome }, 'stopped');
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

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
