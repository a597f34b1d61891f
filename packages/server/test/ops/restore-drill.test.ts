/**
 * The restore drill (issue 36, point 1): a store in use is backed up, its whole data folder
 * wiped, the backup restored into a new folder and the server started there. Everything the
 * keys guard still works: the mailbox signs in with the password stored sealed, a token issued
 * before the backup is still good, and browsers' push subscriptions keep their VAPID key. A
 * backup needs its passphrase, and a wrong one opens nothing.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TMailbox, TTestMailboxResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { runAdmin } from './admin-cli';

const PASSPHRASE = { BACKUP_PASSPHRASE: 'correct horse battery staple' };

let scratch: ScratchDatabase;
let dovecot: DovecotServer;
let smtp: SmtpReceiver;
let folders: string[] = [];

/** The server as `npm start` runs it on a data folder (and the scratch PostgreSQL database, if any). */
async function startServer(dataDir: string): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({ url: scratch.url, dataDir, poolSize: 3 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAIL_WORKERS: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(scratch.url && { DATABASE_URL: scratch.url }),
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return { app, database };
}

const newFolder = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-drill-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  scratch = await createScratchDatabase('claimdesk_drill');
  dovecot = await startDovecot({ 'desk@shop.test': 'imap-secret-1' });
  smtp = await startSmtpReceiver();
}, 60_000);
afterAll(async () => {
  await dovecot.stop();
  await smtp.stop();
  await scratch.drop();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  folders = [];
});

it('brings the store back from a sealed backup into an empty folder, keys and all', async () => {
  const before = await newFolder();
  const first = await startServer(before);
  const store = await createStore(first.database.db);
  const admin: Session = await signIn(
    first.app,
    await createUser(first.database.db, store.tenantId, { roles: ['ADMIN_USER'] }),
  );
  const made = await call(first.app, admin, {
    method: 'POST',
    url: '/v2/api/settings/mailboxes',
    body: {
      kind: 'imap-password',
      address: 'desk@shop.test',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: 'desk@shop.test',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      password: 'imap-secret-1',
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const mailbox = made.json<TMailbox>();
  const vapidKey = (await call(first.app, admin, { url: '/v2/api/fcm/public-key' })).body;
  await first.app.close();
  await first.database.close();

  const backupFile = path.join(await newFolder(), 'store.backup');
  const refused = await runAdmin({ dataDir: before, url: scratch.url }, 'backup', backupFile);
  expect(refused.code).toBe(2);
  expect(refused.err).toContain('needs a passphrase');
  const backedUp = await runAdmin(
    { dataDir: before, url: scratch.url, env: PASSPHRASE },
    'backup',
    backupFile,
  );
  expect(backedUp.code, backedUp.err).toBe(0);

  // The whole folder is gone: database (on PGlite), files, keys.
  await rm(before, { recursive: true, force: true });
  const after = await newFolder();
  const wrong = await runAdmin(
    { dataDir: after, url: scratch.url, env: { BACKUP_PASSPHRASE: 'not the passphrase at all' } },
    'restore',
    backupFile,
  );
  expect(wrong.code).toBe(2);
  expect(wrong.err).toContain('the passphrase does not open this backup');
  expect(await readdir(after)).toEqual([]);
  const restored = await runAdmin(
    { dataDir: after, url: scratch.url, env: PASSPHRASE },
    'restore',
    backupFile,
  );
  expect(restored.code, restored.err).toBe(0);
  expect(restored.out).toContain('and the keys');

  const second = await startServer(after);
  try {
    // The token signed before the backup still stands (same signing key, same session).
    expect((await call(second.app, admin, { url: '/v2/api/users' })).statusCode).toBe(200);
    // The mailbox signs in to Dovecot with the password sealed under the restored key.
    const tested = await call(second.app, admin, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${String(mailbox.id)}/test`,
    });
    expect(tested.json<TTestMailboxResponse>().imap).toEqual({ isOk: true, error: null });
    expect((await call(second.app, admin, { url: '/v2/api/fcm/public-key' })).body).toBe(vapidKey);
  } finally {
    await second.app.close();
    await second.database.close();
  }
}, 240_000);
