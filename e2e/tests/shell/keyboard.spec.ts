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
    return { width, isClipped };
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

test('[SHELL]: text fields, buttons and the case-number links show a whole 2 px focus ring', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  const firstCase = page.getByTestId('case-row').first().locator('[data-column="caseNumber"] a');
  await expect(firstCase).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.focus();
  expect(await focusRing(search)).toEqual({ width: 2, isClipped: false });

  const newCase = page.getByRole('link', { name: 'New case' });
  await newCase.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await focusRing(newCase)).toEqual({ width: 2, isClipped: false });

  // Reached by the keyboard, as :focus-visible needs.
  await firstCase.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(firstCase).toBeFocused();
  expect(await focusRing(firstCase)).toEqual({ width: 2, isClipped: false });
});
