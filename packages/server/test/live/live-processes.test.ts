/**
 * Live events between server processes: two real servers (src/main.ts) on one PostgreSQL
 * database, a mail taken in by the first one's inbound SMTP receiver, and a socket signed in to
 * the second one hears it through LISTEN/NOTIFY; presence on a case is shared the same way. Only PostgreSQL can do this: a PGlite database
 * is open in one process at a time. So the test runs when DATABASE_URL is set, as CI runs the
 * server tests on PostgreSQL too; on PGlite it is reported as skipped.
 */
import { LIVE_EVENTS_PATH } from '@claimdesk/contracts';
import nodemailer from 'nodemailer';
import { afterAll, expect, it } from 'vitest';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import { CLIENT_AUTH } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser, type UserFixture } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createServerDatabase, startServerProcess, portOf } from '../helpers/server-process';
import { rawMail } from '../mail/mail-store';
import { openSignedIn, type LiveTestClient } from './live-client';

const JWT_SECRET = 'live-processes-test-secret-'.repeat(2);
const ENCRYPTION_KEY = 'live-processes-test-key-'.repeat(2);
const ADDRESS = 'support@live-processes.test';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it.runIf(process.env.DATABASE_URL)(
  'a mail taken in by process A reaches a socket signed in to process B, and presence is shared',
  async () => {
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const { db, close } = await database.open();
    const { tenantId } = await createStore(db);
    await createMailbox(db, createSecretBox(ENCRYPTION_KEY), { tenantId, address: ADDRESS, kind: 'forward' });
    const user = await createUser(db, tenantId, { firstName: 'Bea', lastName: 'Bakke' });
    const colleague = await createUser(db, tenantId, { firstName: 'Ada', lastName: 'Aas' });
    const caseId = (await createCase(db, tenantId)).id;
    await close();

    const inboundPort = await freePort();
    const env = { JWT_SECRET, ENCRYPTION_KEY, INBOUND_SMTP_PORT: String(inboundPort) };
    const a = startServerProcess(database, { ...env, MAIL_WORKERS: 'true' });
    cleanups.push(a.stop);
    const b = startServerProcess(database, { ...env, MAIL_WORKERS: 'false' });
    cleanups.push(b.stop);
    const [portA, portB] = await Promise.all([portOf(a), portOf(b)]);

    /** A socket of `who`, signed in to the server process on `port`. */
    const signedIn = async (port: number, who: UserFixture): Promise<LiveTestClient> => {
      const token = await fetch(`http://127.0.0.1:${String(port)}/v2/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: CLIENT_AUTH,
          'x-tenant-id': tenantId,
        },
        body: new URLSearchParams({ grant_type: 'password', username: who.username, password: who.password }),
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const client = await openSignedIn(`ws://127.0.0.1:${String(port)}${LIVE_EVENTS_PATH}`, {
        token: access_token,
        tenantId,
      });
      cleanups.push(client.close);
      return client;
    };
    const socket = await signedIn(portB, user);

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

    // Presence: Ada views the case on process A, Bea writes on it on process B; each sees both.
    const onA = await signedIn(portA, colleague);
    const ada = { username: colleague.username, name: 'Ada Aas', state: 'viewing' as const };
    const bea = { username: user.username, name: 'Bea Bakke', state: 'writing' as const };
    const people = (client: LiveTestClient, expected: unknown[]) =>
      client.next(
        (m) =>
          'EVENT' in m &&
          m.EVENT === 'PRESENCE' &&
          m.meta.caseId === caseId &&
          JSON.stringify(m.meta.people) === JSON.stringify(expected),
        10_000,
      );
    onA.send({ type: 'presence', caseId, state: 'viewing' });
    await people(socket, [ada]);
    socket.send({ type: 'presence', caseId, state: 'writing' });
    await people(onA, [ada, bea]);
    await people(socket, [ada, bea]);
    // Ada closes her tab on process A: process B's socket sees her leave.
    await onA.close();
    await people(socket, [bea]);
  },
  120_000,
);
