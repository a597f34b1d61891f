/**
 * The inbound SMTP port's failover (issue 36 point 7): the receiver runs in the one process that
 * holds its port; another waits, says so on /readyz, and takes the port over within seconds when
 * the holder stops, so that mail is always received. In one process on both databases (the port
 * held by a plain socket), and with two real server processes on PostgreSQL.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, expect, it } from 'vitest';
import { createMailbox, createStore } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createServerDatabase, portOf, startServerProcess } from '../helpers/server-process';
import { createTestApp } from '../helpers/test-app';
import { mailRows, rawMail } from '../mail/mail-store';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Delivers one mail to the port, trying again while nothing there accepts it; the time it took. */
async function deliverWithin(port: number, to: string, messageId: string, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    try {
      const info = await nodemailer
        .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 1000 })
        .sendMail({ envelope: { from: 'kari@customer.test', to: [to] }, raw: rawMail({ messageId }) });
      if (info.accepted.length === 1) return Date.now() - started;
    } catch {
      // Nothing listens yet, or the holder is going away.
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`no receiver took the mail in ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

it('a process without the port says it waits, and takes the port over when the holder stops', async () => {
  const port = await freePort();
  const holder = await listen(port);
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  const t = await createTestApp({ MAIL_WORKERS: 'true', INBOUND_SMTP_PORT: String(port) });
  cleanups.push(() => t.close());
  const { tenantId } = await createStore(t.db);
  await createMailbox(t.db, t.app.deps.secrets, {
    tenantId,
    address: 'support@failover.test',
    kind: 'forward',
  });

  const waiting = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(waiting.statusCode).toBe(200);
  expect(waiting.json()).toMatchObject({
    status: 'ready',
    checks: {
      mailWorkers: 'running',
      mailParts: { fetcher: 'running', outbox: 'running', inboundSmtp: 'waiting' },
    },
  });

  await new Promise((resolve) => holder.close(resolve));
  const tookMs = await deliverWithin(port, 'support@failover.test', '<failover-1@customer.test>', 10_000);
  expect(tookMs).toBeLessThan(10_000);
  expect((await mailRows(t.db, tenantId)).map((row) => row.messageId)).toEqual([
    '<failover-1@customer.test>',
  ]);
  const listening = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(listening.json()).toMatchObject({ checks: { mailParts: { inboundSmtp: 'listening' } } });
});

it.runIf(process.env.DATABASE_URL)(
  'two server processes: the holder stops, and the other accepts mail on the port within 10 s',
  async () => {
    const database = await createServerDatabase();
    cleanups.push(database.remove);
    const { db, close } = await database.open();
    cleanups.push(close);
    const ENCRYPTION_KEY = 'failover-test-key-'.repeat(3);
    const { tenantId } = await createStore(db);
    await createMailbox(db, createSecretBox(ENCRYPTION_KEY), {
      tenantId,
      address: 'support@two-processes.test',
      kind: 'forward',
    });
    const smtpPort = await freePort();
    const env = {
      JWT_SECRET: 'failover-test-secret-'.repeat(3),
      ENCRYPTION_KEY,
      MAIL_WORKERS: 'true',
      INBOUND_SMTP_PORT: String(smtpPort),
    };
    const a = startServerProcess(database, env);
    cleanups.push(a.stop);
    const portA = await portOf(a);
    const b = startServerProcess(database, env);
    cleanups.push(b.stop);
    const portB = await portOf(b);
    const inboundOf = async (httpPort: number) =>
      (
        (await (await fetch(`http://127.0.0.1:${String(httpPort)}/readyz`)).json()) as {
          checks: { mailParts: { inboundSmtp: string } };
        }
      ).checks.mailParts.inboundSmtp;
    expect([await inboundOf(portA), await inboundOf(portB)]).toEqual(['listening', 'waiting']);

    await deliverWithin(smtpPort, 'support@two-processes.test', '<before@customer.test>', 5_000);
    await a.stop();
    const tookMs = await deliverWithin(
      smtpPort,
      'support@two-processes.test',
      '<after@customer.test>',
      10_000,
    );
    expect(tookMs).toBeLessThan(10_000);
    expect(await inboundOf(portB)).toBe('listening');
    const ids = (await mailRows(db, tenantId)).map((row) => row.messageId).sort();
    expect(ids).toEqual(['<after@customer.test>', '<before@customer.test>']);
  },
  120_000,
);
