/**
 * npm run admin: the operator's command, run as a process on the database a server would use
 * (PGlite in DATA_DIR, or a PostgreSQL database made for this file when DATABASE_URL is set):
 * a company and a store, a store administrator with a temporary password that signs in (and must
 * be replaced), a password reset, the list of stores; bad input refused in one line. And no demo
 * data, with its published password, on a PostgreSQL server unless asked for.
 */
import { RESET_REQUIRED_DESCRIPTION } from '@claimdesk/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { holdEmbeddedDatabase } from '../../src/lib/embedded-database-lock';
import { requestToken } from '../helpers/api';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { runAdmin } from './admin-cli';

let dataDir: string;
let scratch: ScratchDatabase;

const admin = (...args: string[]) => runAdmin({ dataDir, url: scratch.url }, ...args);

/** The answer to a password sign-in at the store, on the same database (the admin process closed it). */
async function signInAnswer(store: string, username: string, password: string) {
  const database = await openDatabase({ url: scratch.url, dataDir, poolSize: 2 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MAIL_WORKERS: 'false',
    ...(scratch.url && { DATABASE_URL: scratch.url }),
  });
  const app = await buildApp({ config, db: database.db });
  try {
    const response = await requestToken(app, { grant_type: 'password', username, password }, store);
    return {
      status: response.statusCode,
      body: response.json<{ error_description?: string; access_token?: string }>(),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

const passwordIn = (out: string) => /password(?: for [^:]+)?: (\S+)/i.exec(out)?.[1] ?? '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-admin-'));
  scratch = await createScratchDatabase('claimdesk_admin');
});
afterAll(async () => {
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
});

// Each command is a process that opens (and migrates) the database: seconds each on PGlite.
describe('npm run admin', { timeout: 180_000 }, () => {
  it('makes a store in a new company, and lists it', async () => {
    const empty = await admin('list-stores');
    expect(empty.out, empty.err).toContain('No store yet');
    const made = await admin(
      'create-store',
      '--company',
      'Nordic Retail',
      '--store',
      'nordic-oslo',
      '--name',
      'Nordic Oslo',
      '--language',
      'nr',
    );
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('Store nordic-oslo made, in the new company Nordic Retail');
    const second = await admin('create-store', '--company', 'Nordic Retail', '--store', 'nordic-bergen');
    expect(second.out).toBe('Store nordic-bergen made.\n');
    const list = await admin('list-stores');
    expect(list.out.split('\n').filter(Boolean)).toEqual([
      'nordic-bergen\tnordic-bergen\tNordic Retail\ten\t0 users',
      'nordic-oslo\tNordic Oslo\tNordic Retail\tnr\t0 users',
    ]);
  });

  it('refuses bad input in one line, exit code 2, and makes nothing', async () => {
    const cases: [string[], string][] = [
      [['create-store', '--company', 'X', '--store', 'nordic-oslo'], 'a store nordic-oslo exists already'],
      [['create-store', '--company', 'X', '--store', 'Bad Id'], '--store must be'],
      [['create-store', '--store', 'no-company'], '--company is required'],
      [
        ['create-store', '--company', 'X', '--store', 'x-store', '--language', 'fr'],
        '--language must be one of en, nr, da, de',
      ],
      [
        [
          'create-admin',
          '--store',
          'nowhere',
          '--email',
          'a@b.test',
          '--first-name',
          'A',
          '--last-name',
          'B',
        ],
        'there is no store nowhere',
      ],
      [
        [
          'create-admin',
          '--store',
          'nordic-oslo',
          '--email',
          'not-an-address',
          '--first-name',
          'A',
          '--last-name',
          'B',
        ],
        '--email is not an email address',
      ],
      [
        ['reset-password', '--store', 'nordic-oslo', '--email', 'nobody@nordic.test'],
        'nobody@nordic.test is no user of nordic-oslo',
      ],
      [['create-store', '--unknown', 'x'], "Unknown option '--unknown'"],
      [['explode'], 'Unknown command explode'],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain(message);
      expect(result.err).not.toContain('    at ');
    }
    expect((await admin('list-stores')).out).not.toContain('x-store');
  });

  it('makes a store administrator whose temporary password signs in and must be replaced; a reset ends it', async () => {
    const made = await admin(
      'create-admin',
      '--store',
      'nordic-oslo',
      '--email',
      'boss@nordic.test',
      '--first-name',
      'Bo',
      '--last-name',
      'Boss',
    );
    expect(made.code, made.err).toBe(0);
    const first = passwordIn(made.out);
    expect(first).toMatch(/^(?=.*\d)(?=.*[A-Za-z])\S{16}$/);
    expect(await signInAnswer('nordic-oslo', 'boss@nordic.test', first)).toMatchObject({
      status: 400,
      body: { error_description: RESET_REQUIRED_DESCRIPTION },
    });
    expect(
      (
        await admin(
          'create-admin',
          '--store',
          'nordic-bergen',
          '--email',
          'boss@nordic.test',
          '--first-name',
          'Bo',
          '--last-name',
          'Boss',
        )
      ).err,
    ).toContain('boss@nordic.test is an account of another store already');

    const reset = await admin('reset-password', '--store', 'nordic-oslo', '--email', 'boss@nordic.test');
    expect(reset.code, reset.err).toBe(0);
    const second = passwordIn(reset.out);
    expect(second).not.toBe(first);
    expect((await signInAnswer('nordic-oslo', 'boss@nordic.test', first)).body.error_description).not.toBe(
      RESET_REQUIRED_DESCRIPTION,
    );
    expect((await signInAnswer('nordic-oslo', 'boss@nordic.test', second)).body.error_description).toBe(
      RESET_REQUIRED_DESCRIPTION,
    );
    expect((await admin('list-stores')).out).toContain(
      'nordic-oslo\tNordic Oslo\tNordic Retail\tnr\t1 users',
    );
  });

  it.runIf(!process.env.DATABASE_URL)(
    'will not open the embedded database while a server has it open',
    async () => {
      holdEmbeddedDatabase(dataDir);
      const refused = await admin('list-stores');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`is open in process ${String(process.pid)}: stop that server first`);
    },
  );
});

describe('demo data', () => {
  it('is made by default on the embedded database only, never on a PostgreSQL server unless asked', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/claimdesk' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/claimdesk', SEED_DEMO: 'true' }).SEED_DEMO).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
