import nodemailer from 'nodemailer';
import { USERS } from '../../fixtures/env';
import { DEMO_MAILBOX, uniqueMark } from '../../fixtures/inbound-mail';
import { ownServerPlace, startOwnServer, type OwnServer } from '../../fixtures/own-server';
import { expect, test } from '../../fixtures/test';
import { LiveStatusPage } from '../../pages/live-status-page';
import { LoginPage } from '../../pages/login-page';

// Two starts of a server of the test's own, each seeding or migrating first.
test.describe.configure({ timeout: 240_000 });

test('[LIVE]: after the server restarts, the page reconnects by itself and its counts are right', async ({
  browser,
}) => {
  const place = await ownServerPlace();
  let server: OwnServer | null = await startOwnServer(place);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await context.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const page = await context.newPage();
    // The live socket goes through here: held shut while the test says so, so that a mail comes
    // in while the page is away and only the refetch after the reconnect can show it.
    let isShut = false;
    await page.routeWebSocket('**/v2/api/live', (socket) => {
      if (isShut) void socket.close({ code: 1001, reason: 'held shut by the test' });
      else socket.connectToServer();
    });
    await new LoginPage(page).signInWithPassword(USERS.admin);
    const live = new LiveStatusPage(page);
    await live.expectLive();
    const before = await live.inboxCount();
    let reloads = 0;
    page.on('framenavigated', (frame) => (reloads += frame === page.mainFrame() ? 1 : 0));

    isShut = true;
    await server.stop();
    server = null;
    await expect(live.offlineMark).toBeVisible({ timeout: 30_000 });

    server = await startOwnServer(place);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: place.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    // Resolves once the receiver answered 250: the mail is stored.
    await transport.sendMail({
      from: 'Restart Tester <restart@e2e.test>',
      to: `Demo Store <${DEMO_MAILBOX}>`,
      subject: uniqueMark('While away'),
      text: 'This mail came in while the page was away.',
    });
    transport.close();
    expect(await live.inboxCount()).toBe(before);

    isShut = false;
    await live.expectLive();
    await expect(live.offlineMark).toBeHidden();
    await expect.poll(() => live.inboxCount(), { timeout: 15_000 }).toBe(before + 1);
    expect(reloads).toBe(0);
  } finally {
    await context.close();
    await server?.stop();
  }
});
