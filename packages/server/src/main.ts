import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLocalFileStorage } from './lib/file-storage';
import { DEMO_MAILBOX } from './seed/demo-mails';
import { DEMO_CONTACT, DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo-seed';

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
  const lines = [
    '',
    `Claimdesk is running at ${address}`,
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data created' : ''}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(`Demo sign-in (password ${DEMO_PASSWORD}):`);
    for (const list of Object.values(DEMO_USERS)) {
      for (const u of list)
        lines.push(
          `  ${u.username.padEnd(28)} ${u.roles.join(', ')}${u.mustResetPassword ? ' (must choose a new password)' : ''}`,
        );
    }
    lines.push(
      `  ${DEMO_CONTACT.padEnd(28)} one-time code, mailed to ${config.SMTP_URL ? 'SMTP' : `${config.DATA_DIR}/mail-out`}`,
    );
    if (config.MAIL_WORKERS)
      lines.push(
        `Demo inbox: mail to ${DEMO_MAILBOX} through SMTP at 127.0.0.1:${String(config.INBOUND_SMTP_PORT)} lands in demo-store`,
      );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
