import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { eachScreen } from '../shell/screens';

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[A11Y]: every screen in the ${colorScheme} scheme has no serious or critical violation`, async ({
    page,
    loginPage,
  }) => {
    test.setTimeout(300_000);
    // The scheme follows the system's until a user chooses one.
    await page.emulateMedia({ colorScheme });
    await loginPage.goto();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    const found: Record<string, string[]> = {};
    const atSignIn = await seriousViolations(page);
    if (atSignIn.length > 0) found['sign-in'] = atSignIn;
    await eachScreen(page, loginPage, async (screen) => {
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[screen.name] = violations;
    });
    expect(found).toEqual({});
  });
}

test('[A11Y]: the phone drawer has no serious or critical violation', async ({ page, loginPage }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.signInWithPassword(USERS.admin);
  await page.getByTestId('menu-burger').click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
