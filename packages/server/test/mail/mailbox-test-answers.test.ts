/**
 * A mailbox's connection test can be aimed at any host and port the server reaches, so its answer
 * must not read other services back to an administrator (issue 34.1): a failure is a category
 * (could not connect, not a mail server, sign-in refused, TLS error), never the other side's
 * words, and a port that refuses at once answers no sooner than one that never answers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { TTestMailboxResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONNECT_WINDOW_MS } from '../../src/modules/mail/mailboxes/mailbox-check.service';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  freePort,
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SSH_BANNER = 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3 internal-build-host\r\n';
const HTTP_ANSWER = 'HTTP/1.1 400 Bad Request\r\nServer: internal-admin/7.3\r\nContent-Length: 0\r\n\r\n';
/** Words of the other services that no answer may carry. */
const THEIR_WORDS =
  /SSH|OpenSSH|Debian|internal|HTTP|Bad Request|admin|7\.3|IMAP4|Dovecot|Invalid|5\.7\.8|response/i;

let t: TestApp;
let dovecot: DovecotServer;
let smtp: SmtpReceiver;
let session: Session;
const services: net.Server[] = [];
let sshPort: number;
let httpPort: number;
let silentPort: number;
let selfSignedPort: number;

/** A TLS server with a certificate that no one signed, as a mail server set up in a hurry has. */
async function selfSignedTls(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-signed-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=mail.internal.test',
    ]),
    { stdio: 'ignore' },
  );
  const server = tls.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    socket.on('error', () => undefined);
    socket.write('* OK internal-mail ready\r\n');
  });
  server.on('tlsClientError', () => undefined);
  rmSync(dir, { recursive: true, force: true });
  services.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A TCP service on 127.0.0.1 that is no mail server. */
async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  services.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  [dovecot, smtp, t] = await Promise.all([
    startDovecot({ 'box@shop.test': 'right-pass-1' }),
    startSmtpReceiver({ user: 'box@shop.test', password: 'right-pass-1' }),
    createTestApp(),
  ]);
  sshPort = await listen((socket) => socket.write(SSH_BANNER));
  httpPort = await listen((socket) => socket.once('data', () => socket.end(HTTP_ANSWER)));
  // Accepts and says nothing: over TLS, the handshake never ends, as at a filtered port.
  silentPort = await listen(() => undefined);
  selfSignedPort = await selfSignedTls();
  const store = await createStore(t.db);
  session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(async () => {
  for (const server of services) server.close();
  await Promise.all([t.close(), dovecot.stop(), smtp.stop()]);
});

const settings = (overrides: Record<string, unknown>) => ({
  kind: 'imap-password',
  address: 'box@shop.test',
  imapHost: '127.0.0.1',
  imapPort: dovecot.port,
  imapSecure: false,
  imapUser: 'box@shop.test',
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  smtpSecure: false,
  password: 'right-pass-1',
  ...overrides,
});

/** Tests unsaved settings; answers the result, its raw body and how long it took. */
async function test(overrides: Record<string, unknown>) {
  const started = Date.now();
  const response = await call(t.app, session, {
    method: 'POST',
    url: '/v2/api/settings/mailboxes/test',
    body: settings(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { result: response.json<TTestMailboxResponse>(), body: response.body, ms: Date.now() - started };
}

it('signs in to a real Dovecot and SMTP server; a wrong password is "sign-in refused", without their words', async () => {
  expect((await test({})).result).toEqual({
    imap: { isOk: true, error: null },
    smtp: { isOk: true, error: null },
  });
  const wrong = await test({ password: 'wrong-pass-1' });
  expect(wrong.result).toEqual({
    imap: { isOk: false, error: 'signInRefused' },
    smtp: { isOk: false, error: 'signInRefused' },
  });
  expect(wrong.body).not.toMatch(THEIR_WORDS);
});

it('an SSH or HTTP service is "not a mail server", and none of its greeting comes back', async () => {
  const [plain, swapped] = await Promise.all([
    test({ imapPort: httpPort, smtpPort: sshPort }),
    test({ imapPort: sshPort, smtpPort: httpPort }),
  ]);
  for (const { result, body } of [plain, swapped]) {
    expect(result).toEqual({
      imap: { isOk: false, error: 'notMailServer' },
      smtp: { isOk: false, error: 'notMailServer' },
    });
    expect(body).not.toMatch(THEIR_WORDS);
  }
  // An IMAP server at the SMTP port, and the other way round.
  const crossed = await test({ imapPort: smtp.port, smtpPort: dovecot.port });
  expect(crossed.result).toEqual({
    imap: { isOk: false, error: 'notMailServer' },
    smtp: { isOk: false, error: 'notMailServer' },
  });
  expect(crossed.body).not.toMatch(THEIR_WORDS);
});

it('a certificate no one signed is a "TLS error"', async () => {
  const { result, body } = await test({
    imapPort: selfSignedPort,
    imapSecure: true,
    smtpPort: selfSignedPort,
    smtpSecure: true,
  });
  expect(result).toEqual({
    imap: { isOk: false, error: 'tlsError' },
    smtp: { isOk: false, error: 'tlsError' },
  });
  expect(body).not.toMatch(/self-signed|certificate|mail\.internal/i);
});

it('TLS to a service that speaks none is a "TLS error"', async () => {
  const { result, body } = await test({
    imapPort: sshPort,
    imapSecure: true,
    smtpPort: httpPort,
    smtpSecure: true,
  });
  expect(result).toEqual({
    imap: { isOk: false, error: 'tlsError' },
    smtp: { isOk: false, error: 'tlsError' },
  });
  expect(body).not.toMatch(THEIR_WORDS);
});

it('a closed port and one that never answers are both "could not connect", answered after the same time', async () => {
  const closed = await freePort();
  const [refused, silent] = await Promise.all([
    test({ imapPort: closed, smtpPort: closed }),
    test({ imapPort: silentPort, imapSecure: true, smtpPort: silentPort, smtpSecure: true }),
  ]);
  for (const { result } of [refused, silent]) {
    expect(result).toEqual({
      imap: { isOk: false, error: 'cannotConnect' },
      smtp: { isOk: false, error: 'cannotConnect' },
    });
  }
  // The refused one was known at once, yet waits out the window that the silent one times out at.
  expect(refused.ms).toBeGreaterThanOrEqual(CONNECT_WINDOW_MS - 50);
  expect(silent.ms).toBeGreaterThanOrEqual(CONNECT_WINDOW_MS - 50);
  expect(Math.abs(refused.ms - silent.ms)).toBeLessThan(1_000);
});
