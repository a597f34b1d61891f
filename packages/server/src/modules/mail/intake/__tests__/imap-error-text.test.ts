import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SecretBox } from '../../common/mail-crypto';
import type { Mailbox } from '../../accounts/mailbox.repository';
import { connectImap, imapErrorText } from '../imap.client';

/**
 * The fetch job shows its sign-in failure to the administrator who named the host and port, so
 * the text must not read another service back, nor tell a closed port from a silent one.
 */
const servers: net.Server[] = [];
let sshPort = 0;
let silentPort = 0;
let closedPort = 0;

async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  sshPort = await listen((socket) => socket.write('SSH-2.0-OpenSSH_9.2p1 internal-build-host\r\n'));
  silentPort = await listen(() => undefined);
  closedPort = await listen(() => undefined);
  await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
});
afterAll(() => {
  for (const server of servers) server.close();
});

const noSecrets = {} as SecretBox;
/** The failure text of the fetch job's sign-in at this port. */
async function failureAt(port: number, isSecure: boolean): Promise<string> {
  const mailbox = {
    tenantId: 't',
    kind: 'imap-password',
    address: 'a@shop.test',
    imapHost: '127.0.0.1',
    imapPort: port,
    imapSecure: isSecure,
    imapUser: 'a@shop.test',
    secretEncrypted: null,
  } as unknown as Mailbox;
  try {
    const client = await connectImap(mailbox, noSecrets, {
      connectionMs: 500,
      greetingMs: 500,
      socketMs: 1000,
    });
    client.close();
    return 'connected';
  } catch (error) {
    return imapErrorText(error);
  }
}

it('says "could not connect" alike for a closed port and a silent TLS port', async () => {
  const closed = await failureAt(closedPort, false);
  expect(closed).toBe('Could not connect: check the server name, the port and any firewall');
  expect(await failureAt(silentPort, true)).toBe(closed);
  expect(closed).not.toMatch(/ECONNREFUSED|TIMEOUT|127\.0\.0\.1|\d{3,}/);
});

it('names a service that is no IMAP server, or a TLS mismatch, without its words', async () => {
  const plain = await failureAt(sshPort, false);
  expect(plain).toMatch(/did not answer as an IMAP server/);
  const tls = await failureAt(sshPort, true);
  expect(tls).toMatch(/^TLS error/);
  for (const text of [plain, tls]) expect(text).not.toMatch(/SSH|OpenSSH|internal|SSL routines/);
});
