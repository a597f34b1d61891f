import { expect, test, type Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import type { LoginPage } from '../../pages/login-page';

/** A screen of the app, reached by its address or by steps from another. */
export interface TScreen {
  name: string;
  /** The user it is visited as (an administrator unless said). */
  user?: string;
  /** Goes there and waits until it has drawn its content. */
  open: (page: Page) => Promise<void>;
}

/**
 * Waits for the screen's title and, for a while, for its loading placeholders to go (a screen may
 * keep one for a part that loads later, e.g. a tab not shown: that is no reason to fail here).
 */
export async function expectDrawn(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main .mantine-Skeleton-root:visible'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

const at =
  (path: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await expectDrawn(page);
  };

/** Opens the first case of the open claims, and then one of its tabs. */
const caseTab = (tab: string) => async (page: Page) => {
  await page.goto('/cases/open/claim');
  await page.getByTestId('case-row').first().locator('a').first().click();
  await expectDrawn(page);
  await page.getByRole('tab', { name: tab }).click();
  // The case's own tab panel (the mails tab holds lanes, tab panels of their own).
  await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
};

/**
 * Every route of the router that a store administrator can reach (the store configuration as the
 * super administrator, who is the one to see it), the case's tabs, a reply being written, and the
 * error pages. The phone test and the accessibility test go through the same list.
 */
export const SCREENS: TScreen[] = [
  { name: 'open claims', open: at('/cases/open/claim') },
  { name: 'archived claims', open: at('/cases/archive/claim') },
  { name: 'open support cases', open: at('/cases/open/support') },
  { name: 'archived support cases', open: at('/cases/archive/support') },
  { name: 'new claim', open: at('/cases/open/claim/new') },
  { name: 'support form preview', open: at('/cases/open/support/new/preview') },
  { name: 'case details', open: caseTab('Details') },
  { name: 'case mails', open: caseTab('Mails') },
  { name: 'case timeline', open: caseTab('Timeline') },
  { name: 'case costs', open: caseTab('Costs') },
  { name: 'dashboard', open: at('/dashboard') },
  { name: 'inbox', open: at('/messages/mail') },
  {
    name: 'inbox thread and reply',
    open: async (page) => {
      await at('/messages/mail')(page);
      await page.getByTestId('case-link').first().click();
      await expect(page.getByTestId('thread-list')).toBeVisible();
      await page.keyboard.press('r');
      await expect(page.getByTestId('mail-editor')).toBeVisible();
    },
  },
  { name: 'unmapped mails', open: at('/unmapped-mails/all/inbox') },
  { name: 'mail settings', open: at('/settings/mail-config') },
  { name: 'mail templates', open: at('/settings/mail-templates') },
  { name: 'claim item types', open: at('/settings/claim-item-type') },
  { name: 'upgrade account', open: at('/settings/upgrade-account') },
  { name: 'users', open: at('/users') },
  { name: 'suppliers', open: at('/suppliers') },
  { name: 'reports', open: at('/reports') },
  { name: 'cost report', open: at('/reports/cost-pdf') },
  { name: 'access denied', open: at('/access-denied') },
  { name: 'not found', open: at('/not-found') },
  { name: 'server error', open: at('/server-error') },
  { name: 'store configuration', user: USERS.super, open: at('/settings/store-configs') },
];

/** Visits each screen, signed in as its user, and hands it to `check`. */
export async function eachScreen(
  page: Page,
  loginPage: LoginPage,
  check: (screen: TScreen) => Promise<void>,
  screens: TScreen[] = SCREENS,
) {
  let signedIn: string | null = null;
  for (const screen of screens) {
    const user = screen.user ?? USERS.admin;
    if (signedIn !== user) {
      // The next user signs in afresh: the session kept in this browser goes first.
      if (signedIn) await page.evaluate(() => localStorage.removeItem('cd.token'));
      await loginPage.signInWithPassword(user);
      signedIn = user;
    }
    await test.step(screen.name, async () => {
      await screen.open(page);
      await check(screen);
    });
  }
}
