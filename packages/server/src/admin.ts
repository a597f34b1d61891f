// npm run admin -- <command>: what an operator does without the web app. Runs on the database
// the server would use (DATABASE_URL, or the embedded one in DATA_DIR), migrated first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { holdEmbeddedDatabase } from './lib/embedded-database-lock';
import { OperatorError } from './lib/operator-error';
import { embeddedDatabase, openDatabase, type Db } from './db/client';
import {
  AdminError,
  createStore,
  createStoreAdmin,
  listStores,
  newAdminOf,
  newStoreOf,
  passwordResetOf,
  resetPassword,
} from './modules/admin/admin.service';
import { MIN_PASSPHRASE_LENGTH } from './modules/admin/backup-crypto';
import { collectKeys } from './modules/admin/backup-keys';
import { backup, restore } from './modules/admin/backup.service';

const USAGE = `npm run admin -- <command> [options]

  create-store    --company "Name" --store <id> [--name "Shown name"] [--language en|nr|da|de]
                  a store (its id is what people type at sign-in), in the company of that name
                  (made when there is none)
  create-admin    --store <id> --email <address> --first-name <name> --last-name <name>
                  a store administrator; prints a temporary password, replaced at first sign-in
  reset-password  --store <id> --email <address>
                  a new temporary password; the user's sessions end
  list-stores     every store, its company, language and number of users
  backup <file>   the embedded database, the file store and the keys (mailbox passwords' key,
                  token signing key, push keys) into one file sealed with a passphrase (on
                  PostgreSQL the files and the keys: back the database up with pg_dump)
  restore <file>  a backup into DATA_DIR, where there is no database yet
                  both take the passphrase from BACKUP_PASSPHRASE or --passphrase <text>
                  (at least ${String(MIN_PASSPHRASE_LENGTH)} characters; without it no backup can be restored)
`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      store: { type: 'string' },
      name: { type: 'string' },
      language: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      passphrase: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  // The input is checked before the database is opened (which takes seconds on PGlite).
  let work: (db: Db) => Promise<string>;
  switch (command) {
    case 'create-store': {
      const store = newStoreOf(values);
      work = async (db) => {
        const { isNewCompany } = await createStore(db, store);
        return `Store ${store.tenantId} made${isNewCompany ? `, in the new company ${store.company}` : ''}.`;
      };
      break;
    }
    case 'create-admin': {
      const admin = newAdminOf({
        store: values.store,
        email: values.email,
        firstName: values['first-name'],
        lastName: values['last-name'],
      });
      work = async (db) => {
        const { password } = await createStoreAdmin(db, admin);
        return `Administrator ${admin.email} of ${admin.store} made. Temporary password: ${password}\nThey choose their own at the first sign-in.`;
      };
      break;
    }
    case 'reset-password': {
      const reset = passwordResetOf(values);
      work = async (db) => {
        const { password } = await resetPassword(db, reset);
        return `New temporary password for ${reset.email}: ${password}`;
      };
      break;
    }
    case 'list-stores':
      work = async (db) => {
        const stores = await listStores(db);
        if (stores.length === 0) return 'No store yet: npm run admin -- create-store ...';
        return stores
          .map(
            (s) => `${s.tenantId}\t${s.displayName}\t${s.company}\t${s.language}\t${String(s.users)} users`,
          )
          .join('\n');
      };
      break;
    case 'backup':
    case 'restore': {
      const file = positionals[1];
      if (!file) throw new AdminError(`${command} needs the backup's file name`);
      const passphrase = values.passphrase ?? process.env.BACKUP_PASSPHRASE;
      if (command === 'backup' && (passphrase?.length ?? 0) < MIN_PASSPHRASE_LENGTH)
        throw new AdminError(
          `backup needs a passphrase of at least ${String(MIN_PASSPHRASE_LENGTH)} characters (BACKUP_PASSPHRASE or --passphrase): the file holds the store's keys`,
        );
      const config = loadConfig();
      if (!config.DATABASE_URL) holdEmbeddedDatabase(config.DATA_DIR);
      const hasLocalFiles = !config.FILES_URL;
      if (command === 'restore') {
        const manifest = await restore(
          { dataDir: config.DATA_DIR, isEmbedded: !config.DATABASE_URL, hasLocalFiles },
          path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
          passphrase,
        );
        console.log(
          `Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}: ${config.DATABASE_URL ? '' : 'the database, '}${String(manifest.files)} files${manifest.hasKeys ? ' and the keys' : ''}.`,
        );
        if (!manifest.hasKeys)
          console.error(
            'This backup holds no keys (it was made before backups kept them): put the old encryption-key, jwt-secret and vapid-keys.json into DATA_DIR, or stored mailbox passwords cannot be read.',
          );
        return 0;
      }
      const keys = await collectKeys(config);
      const database = await openDatabase({
        url: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        poolSize: 2,
      });
      try {
        const pglite = embeddedDatabase(database);
        const manifest = await backup(
          { dataDir: config.DATA_DIR, pglite, hasLocalFiles },
          path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
          { keys, passphrase: passphrase ?? '' },
        );
        console.log(
          `Backed up ${pglite ? 'the database, ' : ''}${String(manifest.files)} files and the keys into ${file}, sealed with the passphrase.${pglite ? '' : ' The database is on PostgreSQL: back it up with pg_dump.'}${hasLocalFiles ? '' : ' The files are on S3: keep the bucket with its own tools.'}`,
        );
        if (keys.fromEnvironment.length > 0)
          console.log(
            `${keys.fromEnvironment.join(', ')} came from the environment: the backup holds them, and a restore writes them into DATA_DIR; keep setting the same values.`,
          );
        return 0;
      } finally {
        await database.close();
      }
    }
    default:
      console.error(`Unknown command ${command}\n\n${USAGE}`);
      return 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) holdEmbeddedDatabase(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    console.log(await work(database.db));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof AdminError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      console.error((error as Error).message);
      process.exit(2);
    }
    // The operator's sentence alone (the embedded database is open elsewhere, DATA_DIR unwritable).
    if (error instanceof OperatorError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
