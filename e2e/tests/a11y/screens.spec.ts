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

test('[A11Y]: every screen in the light and the dark scheme has no serious or critical violation', async ({
  page,
  loginPage,
  shell,
}) => {
  test.setTimeout(300_000);
  const found: Record<string, string[]> = {};
  // The scheme follows the system's until a user chooses one, so switching the emulated system's
  // redraws a screen in place: each screen is reached once for both, starting in the scheme the
  // last one ended in (one switch a screen, not two).
  let shown: 'light' | 'dark' = 'light';
  const check = async (name: string) => {
    const other: typeof shown = shown === 'light' ? 'dark' : 'light';
    for (const colorScheme of [shown, other]) {
      await shell.followSystemScheme(colorScheme);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[`${name} (${colorScheme})`] = violations;
    }
    shown = other;
  };
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
  // Axe reads colours as drawn: mid-slide the drawer is half transparent and a badge's contrast
  // falls short (a CI run measured it so). Checked once the drawer's transitions have ended.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await seriousViolations(page)).toEqual([]);
});
