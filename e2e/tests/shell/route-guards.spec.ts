import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import type { LoginPage } from '../../pages/login-page';

/** Every guarded address, with a deeper one where the screen has sub-addresses. */
const GUARDED = [
  '/dashboard',
  '/suppliers',
  '/reports/cost-pdf',
  '/settings/mail-config',
  '/settings/mail-templates',
  '/settings/store-configs',
  '/settings/claim-item-type',
  '/settings/upgrade-account',
  '/users',
  '/messages/mail',
  '/unmapped-mails/all/inbox',
] as const;

/** What each demo person's side menu offers (and so what typing the address opens). */
const ALLOWED: Record<string, readonly string[]> = {
  [USERS.admin]: GUARDED.filter((p) => p !== '/settings/store-configs'),
  [USERS.super]: GUARDED.filter((p) => !['/settings/mail-config', '/settings/mail-templates'].includes(p)),
  // The users screen is everyone's own profile too (its table of users only for administrators).
  // Every staff member has a dashboard: the store's for managers, their own desk for agents.
  [USERS.agent]: ['/dashboard', '/users', '/messages/mail', '/unmapped-mails/all/inbox'],
  // Managers read the reports (PRODUCT.md: administrators and managers).
  [USERS.manager]: [
    '/dashboard',
    '/reports/cost-pdf',
    '/users',
    '/messages/mail',
    '/unmapped-mails/all/inbox',
  ],
  [USERS.contact]: [],
};

async function signIn(page: Page, loginPage: LoginPage, email: string) {
  if (email !== USERS.contact) return loginPage.signInWithPassword(email);
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await loginPage.otp.fill(await readOtpCode(USERS.contact, since));
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
}

for (const [email, allowed] of Object.entries(ALLOWED)) {
  test(`[SHELL]: ${email} typing each guarded address opens what the menu offers, else /access-denied`, async ({
    page,
    loginPage,
    shell,
  }) => {
    await signIn(page, loginPage, email);
    await shell.expectLoaded();
    for (const path of GUARDED) {
      await page.goto(path);
      if (allowed.includes(path)) {
        await expect(page, path).toHaveURL(path);
        await expect(shell.menu, path).toBeVisible();
      } else {
        await expect(page, path).toHaveURL('/access-denied');
        await expect(page.getByTestId('error-code')).toHaveText('403');
      }
    }
  });
}

for (const [email, landing] of [
  [USERS.agent, '/access-denied'],
  [USERS.admin, '/settings/mail-config'],
  [USERS.super, '/settings/store-configs'],
] as const) {
  test(`[SHELL]: ${email} typing /settings lands on ${landing}`, async ({ page, loginPage }) => {
    await loginPage.signInWithPassword(email);
    await page.goto('/settings');
    await expect(page).toHaveURL(landing);
  });
}
