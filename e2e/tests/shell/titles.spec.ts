import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';

/** Addresses and the tab title each screen sets, signed in as the store's administrator. */
const ADMIN_SCREENS: [string, string][] = [
  ['/dashboard', 'Dashboard · Claimdesk'],
  ['/cases/open/claim', 'Claims: Open · Claimdesk'],
  ['/cases/archive/claim', 'Claims: Archive · Claimdesk'],
  ['/cases/open/claim/new', 'New case · Claimdesk'],
  ['/unmapped-mails/all/inbox', 'Unmapped mails · Claimdesk'],
  ['/settings/mail-config', 'Mail accounts · Claimdesk'],
  ['/settings/mail-templates', 'Mail templates · Claimdesk'],
  ['/settings/claim-item-type', 'Claim item types · Claimdesk'],
  ['/settings/upgrade-account', 'Upgrade account · Claimdesk'],
  ['/users', 'Users · Claimdesk'],
  ['/reports', 'Reports · Claimdesk'],
  ['/not-found', 'Page not found · Claimdesk'],
  ['/access-denied', 'Access denied · Claimdesk'],
];

test('[SHELL]: each screen names itself in the browser tab, the inbox with its unread count', async ({
  page,
  loginPage,
}) => {
  await loginPage.goto();
  await expect(page).toHaveTitle('Sign in · Claimdesk');
  await loginPage.signInWithPassword(USERS.admin);
  for (const [path, title] of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }

  await page.goto('/messages/mail');
  const unread = (await page.getByTestId('badge-inbox').textContent())?.trim() ?? '';
  expect(Number(unread)).toBeGreaterThan(0);
  await expect(page).toHaveTitle(`Inbox (${unread}) · Claimdesk`);

  const cases = new CasesPage(page);
  await cases.gotoList('open', 'claim');
  const number = (await cases.caseNumbers())[0] ?? '';
  await cases.openCase(number);
  await expect(page).toHaveTitle(`Case ${number} · Claimdesk`);
});

test('[SHELL]: tab titles follow the language', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.super);
  await page.evaluate(() => localStorage.setItem('cd.language', 'de'));
  await page.goto('/settings/store-configs');
  await expect(page).toHaveTitle('Filialkonfiguration · Claimdesk');
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Übersicht · Claimdesk');
});
