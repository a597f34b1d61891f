import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

test('[LOGIN]: the language picker switches the login page and is remembered', async ({
  page,
  loginPage,
}) => {
  await loginPage.goto();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await loginPage.language.selectOption('de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await loginPage.language.selectOption('nr');
  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible();
  await loginPage.language.selectOption('da');
  await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
});

test('[LOGIN]: without a stored language the browser’s own is used, else Norwegian', async ({ browser }) => {
  for (const [locale, heading, lang] of [
    ['en-US', 'Sign in', 'en'],
    ['de-DE', 'Anmelden', 'de'],
    ['nb-NO', 'Logg inn', 'nb'],
    ['fr-FR', 'Logg inn', 'nb'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await context.close();
  }
});

test('[LOGIN]: a language saved as preference wins over the browser language after sign-in', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.manager);
  await shell.language.selectOption('de');
  await expect(shell.entry('menu-inbox')).toHaveText(/^Posteingang/);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('Einstellungen erfolgreich aktualisiert')).toBeVisible();
  await shell.logout.click();
  // The browser language changes, then the preference brings German back after sign-in.
  await page.evaluate(() => localStorage.setItem('cd.language', 'en'));
  await loginPage.signInWithPassword(USERS.manager);
  await expect(shell.entry('menu-inbox')).toHaveText(/^Posteingang/);
  // Back to English for the tests that follow.
  await shell.language.selectOption('en');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Preferences updated successfully')).toBeVisible();
});
