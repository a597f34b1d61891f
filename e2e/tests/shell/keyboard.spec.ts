import type { Locator } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

/**
 * The focused element's ring as drawn: its outline's width, and whether any part of it is cut off
 * by an ancestor that hides what overflows (a table's scroller, text cut to a few lines).
 */
const focusRing = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const reach = parseFloat(style.outlineOffset) + width;
    const box = el.getBoundingClientRect();
    const ring = {
      left: box.left - reach,
      right: box.right + reach,
      top: box.top - reach,
      bottom: box.bottom + reach,
    };
    let isClipped = false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (
        ring.left < clip.left - 0.5 ||
        ring.right > clip.right + 0.5 ||
        ring.top < clip.top - 0.5 ||
        ring.bottom > clip.bottom + 0.5
      )
        isClipped = true;
    }
    // The ring's contrast with what is behind it: the nearest ancestor with a background.
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((c) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    let behind = 'rgb(255, 255, 255)';
    for (let up = el.parentElement; up; up = up.parentElement) {
      const bg = getComputedStyle(up).backgroundColor;
      if (bg !== 'transparent' && rgb(bg)[3] !== 0) {
        behind = bg;
        break;
      }
    }
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(behind))];
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    return { width, isClipped, isVisible: contrast >= 3 };
  });

test('[SHELL]: the first Tab reaches the skip link, which moves the focus to the screen', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await expect(page.getByTestId('case-row').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // From there, the next Tab stops are the screen's, not the side menu's.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null);
  expect(inMain).toBe(true);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[SHELL]: in the ${colorScheme} scheme text fields, buttons and case-number links show a whole 2 px ring at 3:1`, async ({
    page,
    loginPage,
  }) => {
    await page.emulateMedia({ colorScheme });
    await loginPage.signInWithPassword(USERS.admin);
    const firstCase = page.getByTestId('case-row').first().locator('[data-column="caseNumber"] a');
    await expect(firstCase).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.focus();
    expect(await focusRing(search)).toEqual({ width: 2, isClipped: false, isVisible: true });

    const newCase = page.getByRole('link', { name: 'New case' });
    await newCase.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focusRing(newCase)).toEqual({ width: 2, isClipped: false, isVisible: true });

    // Reached by the keyboard, as :focus-visible needs.
    await firstCase.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(firstCase).toBeFocused();
    expect(await focusRing(firstCase)).toEqual({ width: 2, isClipped: false, isVisible: true });
  });
}
