/**
 * Live events between server processes: two real servers (src/main.ts) on one PostgreSQL
 * database, a mail taken in by the first one's inbound SMTP receiver, and a socket signed in to
 * the second one hears it through LISTEN/NOTIFY. Only PostgreSQL can do this: a PGlite database
 * is open in one process at a time. So the test runs when DATABASE_URL is set, as CI runs the
 * server tests on PostgreSQL too; on PGlite it is reported as skipped.
 */
import { LIVE_EVENTS_PATH } from '@claimdesk/contracts';
import nodemailer from 'nodemailer';
import { afterAll, expect, it } from 'vitest';
import { createSecretBox } from '../../src/modules/mail/mail-crypto';
import { CLIENT_AUTH } from '../helpers/api';
import { createMailbox, createStore, createUser } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createServerDatabase, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { rawMail } from '../mail/mail-store';
import { openSignedIn } from './live-client';

const JWT_SECRET = 'live-processes-test-secret-'.repeat(2);
const ENCRYPTION_KEY = 'live-processes-test-key-'.repeat(2);
const ADDRESS = 'support@live-processes.test';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The port a server process says it listens on, once it does. */
async function portOf(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Claimdesk is running at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`the server did not start; it said:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it.runIf(process.env.DATABASE_URL)(
  'a mail taken in by process A reaches a socket signed in to process B',
  async () => {
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const { db, close } = await database.open();
    const { tenantId } = await createStore(db);
    await createMailbox(db, createSecretBox(ENCRYPTION_KEY), { tenantId, address: ADDRESS, kind: 'forward' });
    const user = await createUser(db, tenantId);
    await close();

    const inboundPort = await freePort();
    const env = { JWT_SECRET, ENCRYPTION_KEY, INBOUND_SMTP_PORT: String(inboundPort) };
    const a = startServerProcess(database, { ...env, MAIL_WORKERS: 'true' });
    cleanups.push(a.stop);
    const b = startServerProcess(database, { ...env, MAIL_WORKERS: 'false' });
    cleanups.push(b.stop);
    const [, portB] = await Promise.all([portOf(a), portOf(b)]);

    const token = await fetch(`http://127.0.0.1:${String(portB)}/v2/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: CLIENT_AUTH,
        'x-tenant-id': tenantId,
      },
      body: new URLSearchParams({ grant_type: 'password', username: user.username, password: user.password }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const socket = await openSignedIn(`ws://127.0.0.1:${String(portB)}${LIVE_EVENTS_PATH}`, {
      token: access_token,
      tenantId,
    });
    cleanups.push(socket.close);

    const sentAt = Date.now();
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true })
      .sendMail({
        envelope: { from: 'kari@customer.test', to: [ADDRESS] },
        raw: rawMail({ messageId: '<between-processes@customer.test>' }),
      });
    expect(info.accepted).toEqual([ADDRESS]);
    await socket.next((m) => 'EVENT' in m && m.EVENT === 'MAIL_COUNT_UPDATED', 10_000);
    console.log(`mail sent to process A → event on process B's socket: ${String(Date.now() - sentAt)} ms`);
  },
  120_000,
);
