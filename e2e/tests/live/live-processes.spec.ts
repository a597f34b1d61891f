import nodemailer from 'nodemailer';
import pg from 'pg';
import { USERS } from '../../fixtures/env';
import { DEMO_MAILBOX, uniqueMark } from '../../fixtures/inbound-mail';
import { ownServerPlace, startOwnServer, type OwnServer } from '../../fixtures/own-server';
import { expect, test } from '../../fixtures/test';
import { LiveStatusPage } from '../../pages/live-status-page';
import { LoginPage } from '../../pages/login-page';

/**
 * Two server processes on one PostgreSQL database (PGlite is open in one process at a time):
 * a mail taken in by the first one's inbound receiver raises the inbox badge in a browser
 * connected to the second, through LISTEN/NOTIFY. The database is made for the test on the
 * PostgreSQL server at E2E_PG_SERVER (CI's and this machine's by default) and dropped after; the
 * test fails when none answers.
 */
const PG_SERVER = process.env.E2E_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

test.describe.configure({ timeout: 240_000 });

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test('[LIVE]: a mail taken in by one server process raises the badge in a browser on another', async ({
  browser,
}) => {
  const database = `claimdesk_e2e_live_${String(Date.now())}_${String(process.pid)}`;
  const made = await onServer((c) => c.query(`CREATE DATABASE ${database}`));
  // No skip: CI and these machines run PostgreSQL there; without it this check must not pass.
  expect(made, `no PostgreSQL server answers at ${PG_SERVER} (set E2E_PG_SERVER)`).not.toBeNull();
  const servers: OwnServer[] = [];
  try {
    const env = { DATABASE_URL: `${PG_SERVER}/${database}`, SEED_DEMO: 'true' };
    const receiving = await ownServerPlace();
    // The first seeds the demo data; the second starts on it.
    servers.push(await startOwnServer(receiving, env));
    const serving = await ownServerPlace();
    const second = await startOwnServer(serving, env);
    servers.push(second);

    const context = await browser.newContext({ baseURL: second.url });
    await context.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const page = await context.newPage();
    await new LoginPage(page).signInWithPassword(USERS.admin);
    const live = new LiveStatusPage(page);
    await live.expectLive();
    // The demo store has unread mail: its badge is drawn once the counts are in, not at once.
    await expect(live.inboxBadge).toBeVisible();
    const before = await live.inboxCount();

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiving.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'Process Tester <processes@e2e.test>',
      to: `Demo Store <${DEMO_MAILBOX}>`,
      subject: uniqueMark('Across processes'),
      text: 'Taken in by the first server process.',
    });
    transport.close();
    await expect.poll(() => live.inboxCount(), { timeout: 15_000 }).toBe(before + 1);
    await context.close();
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
});
