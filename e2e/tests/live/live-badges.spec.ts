import type { Browser, Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { expect, test } from '../../fixtures/test';
import { InboxPage } from '../../pages/inbox-page';
import { LiveStatusPage } from '../../pages/live-status-page';
import { LoginPage } from '../../pages/login-page';

// The server takes the mail in first: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A second person in a browser of their own, signed in and on the inbox. */
async function secondPerson(
  browser: Browser,
  email: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (window === window.top) localStorage.setItem('cd.language', 'en');
  });
  const page = await context.newPage();
  await new LoginPage(page).signInWithPassword(email);
  await new InboxPage(page).goto();
  return { page, close: () => context.close() };
}

/**
 * The agent on the inbox in the test's page and the administrator in a browser of their own, both
 * with the live socket up.
 */
async function twoPeopleLive(page: Page, browser: Browser, loginPage: LoginPage) {
  await loginPage.signInWithPassword(USERS.agent);
  await new InboxPage(page).goto();
  const other = await secondPerson(browser, USERS.admin);
  const agent = new LiveStatusPage(page);
  const admin = new LiveStatusPage(other.page);
  try {
    await agent.expectLive();
    await admin.expectLive();
  } catch (error) {
    await other.close();
    throw error;
  }
  return { agent, admin, other };
}

/** A mail without a case tag from an unknown sender: it lands in the inbox, unread. */
const sendInboxMail = (prefix: string) =>
  sendToStore({
    from: { name: 'Live Tester', address: 'live-tester@e2e.test' },
    subject: uniqueMark(prefix),
    text: 'Hello, this mail has no case number.',
  });

test('[LIVE]: a mail comes in and both people’s inbox badges rise without a reload', async ({
  page,
  browser,
  loginPage,
}) => {
  const { agent, admin, other } = await twoPeopleLive(page, browser, loginPage);
  try {
    const agentBefore = await agent.inboxCount();
    const adminBefore = await admin.inboxCount();
    // No reload from here: only a push event can move the badges (the 60 s polling is gone).
    let reloads = 0;
    for (const p of [page, other.page])
      p.on('framenavigated', (frame) => (reloads += frame === p.mainFrame() ? 1 : 0));

    const sentAt = Date.now();
    await sendInboxMail('Live badge');
    await expect.poll(() => agent.inboxCount(), { timeout: 20_000 }).toBe(agentBefore + 1);
    await expect.poll(() => admin.inboxCount(), { timeout: 20_000 }).toBe(adminBefore + 1);
    test.info().annotations.push({
      type: 'figure',
      description: `receiver accepted the mail → both badges raised: ${String(Date.now() - sentAt)} ms`,
    });
    expect(reloads).toBe(0);
  } finally {
    await other.close();
  }
});

test('[LIVE]: the offline mark shows while the network is cut, also on a phone, and the counts are right once back', async ({
  page,
  browser,
  context,
  loginPage,
}) => {
  const { agent, admin, other } = await twoPeopleLive(page, browser, loginPage);
  try {
    await expect(agent.offlineMark).toBeHidden();

    await context.setOffline(true);
    await expect(agent.offlineMark).toBeVisible();
    await expect(page.getByRole('status').filter({ has: agent.offlineMark })).toContainText('Offline');

    // A mail comes in while this page is cut off: the other person's badge rises, this one's cannot.
    const agentBefore = await agent.inboxCount();
    const adminBefore = await admin.inboxCount();
    await sendInboxMail('Live offline');
    await expect.poll(() => admin.inboxCount(), { timeout: 20_000 }).toBe(adminBefore + 1);
    expect(await agent.inboxCount()).toBe(agentBefore);

    // Back online: the socket reconnects by itself, the mark goes and the missed count is fetched.
    await context.setOffline(false);
    await agent.expectLive();
    await expect(agent.offlineMark).toBeHidden();
    await expect.poll(() => agent.inboxCount(), { timeout: 20_000 }).toBe(agentBefore + 1);

    // On a 390 px phone the menu is icons only (no counts shown); the mark is still there.
    await page.setViewportSize({ width: 390, height: 844 });
    await context.setOffline(true);
    await expect(agent.offlineMark).toBeInViewport();
    await context.setOffline(false);
    await agent.expectLive();
    await expect(agent.offlineMark).toBeHidden();
  } finally {
    await other.close();
  }
});
