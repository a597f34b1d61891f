import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { LoginPage } from '../../pages/login-page';
import { expect, test } from '../../fixtures/test';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

/** Picks a colour scheme in the profile's pop-over and waits until the preference is saved. */
async function choose(page: Page, name: 'Light' | 'Dark' | 'System') {
  const radio = page.getByRole('radio', { name });
  if (!(await radio.isVisible())) await page.getByTestId('color-scheme-menu').click();
  if (await radio.isChecked()) return;
  const saved = page.waitForResponse(
    (r) => r.url().includes('/user-preference') && r.request().method() === 'PUT' && r.ok(),
  );
  await radio.check();
  await saved;
}

test('[SHELL]: the colour scheme follows the system until the profile sets one', async ({
  page,
  loginPage,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginPage.goto();
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => scheme(page)).toBe('light');
});

test('[SHELL]: dark chosen in the profile stays after a reload and in another browser', async ({
  page,
  loginPage,
  browser,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await loginPage.signInWithPassword(USERS.manager);
  await expect.poll(() => scheme(page)).toBe('light');
  try {
    await choose(page, 'Dark');
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.reload();
    await expect(page.getByTestId('case-row').first()).toBeVisible();
    expect(await scheme(page)).toBe('dark');

    // A browser that never saw the choice, on a light system: the saved preference applies.
    const other = await browser.newContext({ colorScheme: 'light', locale: 'en-GB' });
    try {
      const otherPage = await other.newPage();
      await otherPage.addInitScript(() => localStorage.setItem('cd.language', 'en'));
      await new LoginPage(otherPage).signInWithPassword(USERS.manager);
      await expect.poll(() => scheme(otherPage)).toBe('dark');
    } finally {
      await other.close();
    }
  } finally {
    // The other tests sign in as this user too: back to the system's scheme.
    await choose(page, 'System');
  }
  await expect.poll(() => scheme(page)).toBe('light');
});
