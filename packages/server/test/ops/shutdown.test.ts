import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { closeGracefully } from '../../src/plugins/graceful-shutdown';
import { CLIENT_AUTH } from '../helpers/api';
import { freePort } from '../helpers/mail-servers';
import { createServerDatabase, startServerProcess, portOf } from '../helpers/server-process';
import { createOpsApp, type OpsApp } from './ops-app';

/** An app with a route that answers only when the test lets it, listening on a free port. */
async function appWithSlowRoute(): Promise<{
  t: OpsApp;
  port: number;
  entered: Promise<void>;
  release: () => void;
}> {
  let release = () => {};
  let onEntered = () => {};
  const entered = new Promise<void>((resolve) => (onEntered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const t = await createOpsApp({}, (app) => {
    app.get('/v2/api/test/slow', { config: { access: 'public' } }, async () => {
      onEntered();
      await released;
      return { done: true };
    });
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, port, entered, release };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('graceful shutdown', () => {
  it('answers a request in flight, refuses new connections meanwhile, then closes', async () => {
    const { t, port, entered, release } = await appWithSlowRoute();
    cleanups.push(t.close);
    const inFlight = fetch(`http://127.0.0.1:${String(port)}/v2/api/test/slow`);
    await entered;
    const shutdown = closeGracefully(t.app, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`http://127.0.0.1:${String(port)}/healthz`)).rejects.toThrow();
    release();
    const releasedAt = Date.now();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    expect(await shutdown).toBe('closed');
    // Not held up by the keep-alive connection the answer went on (its timeout is 10 s).
    expect(Date.now() - releasedAt).toBeLessThan(3000);
  });

  it('cuts off what still runs after the time limit', async () => {
    const { t, port, entered, release } = await appWithSlowRoute();
    cleanups.push(async () => {
      release();
      await t.close();
    });
    const inFlight = fetch(`http://127.0.0.1:${String(port)}/v2/api/test/slow`);
    await entered;
    const startedAt = Date.now();
    expect(await closeGracefully(t.app, 300)).toBe('timed out');
    expect(Date.now() - startedAt).toBeLessThan(2000);
    await expect(inFlight).rejects.toThrow();
    expect(
      t.logLines().some((line) => line.level === 50 && String(line.msg).includes('shutdown took too long')),
    ).toBe(true);
  });
});

/** Whether something accepts TCP connections on the port. */
const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('graceful shutdown with the mail workers', () => {
  it('stops the inbound SMTP receiver and the workers', async () => {
    const smtpPort = await freePort();
    const t = await createOpsApp({ MAIL_WORKERS: 'true', INBOUND_SMTP_PORT: String(smtpPort) });
    cleanups.push(t.close);
    expect(await isListening(smtpPort)).toBe(true);
    expect(t.app.mailWorkers?.state()).toBe('running');
    expect(await closeGracefully(t.app, 10_000)).toBe('closed');
    expect(t.app.mailWorkers?.state()).toBe('stopped');
    expect(await isListening(smtpPort)).toBe(false);
  });
});

describe('the server process on SIGTERM', () => {
  it('finishes a request whose body is still coming, then exits with 0', { timeout: 90_000 }, async () => {
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const server = startServerProcess(database, { MAIL_WORKERS: 'true', INBOUND_SMTP_PORT: '0' });
    cleanups.push(server.kill);
    const port = await portOf(server);

    const body = new URLSearchParams({
      grant_type: 'password',
      username: 'nobody',
      password: 'x',
    }).toString();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      [
        'POST /v2/oauth/token HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/x-www-form-urlencoded',
        `Authorization: ${CLIENT_AUTH}`,
        `Content-Length: ${String(body.length)}`,
        'Connection: close',
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode, 'the process waits for the request in flight').toBeNull();
    socket.write(body.slice(10));
    await ended;
    // The answer of a sign-in with a wrong password: the request ran in full.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('invalid_grant');
    expect(await exited).toBe(0);
  });
});
