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

type TScheme = 'light' | 'dark';

/**
 * The screen's serious violations in both colour schemes, the one shown first: the scheme follows
 * the system's until a user chooses one, so switching the emulated system's redraws the screen in
 * place, and each screen is reached once for both.
 */
const inBothSchemes = async (page: Page, first: TScheme): Promise<Record<TScheme, string[]>> => {
  const found = { light: [] as string[], dark: [] as string[] };
  for (const colorScheme of first === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    found[colorScheme] = await seriousViolations(page);
  }
  return found;
};

test('[A11Y]: every screen in the light and the dark scheme has no serious or critical violation', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(300_000);
  const found: Record<string, string[]> = {};
  // Each screen starts in the scheme the last one ended in: one switch a screen, not two.
  let shown: TScheme = 'light';
  const check = async (name: string) => {
    const violations = await inBothSchemes(page, shown);
    for (const colorScheme of ['light', 'dark'] as const)
      if (violations[colorScheme].length > 0) found[`${name} (${colorScheme})`] = violations[colorScheme];
    shown = shown === 'light' ? 'dark' : 'light';
  };
  await page.emulateMedia({ colorScheme: shown });
  await loginPage.goto();
  await check('sign-in');
  await eachScreen(page, loginPage, (screen) => check(screen.name));
  expect(found).toEqual({});
});

test('[A11Y]: the phone drawer has no serious or critical violation', async ({ page, loginPage }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.signInWithPassword(USERS.admin);
  await page.getByTestId('menu-burger').click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
