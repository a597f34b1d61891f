import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways, and the widest thing in the list against the list's box. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('main');
    const overflowing = main
      ? Array.from(main.querySelectorAll('*')).filter(
          (e) =>
            e.scrollWidth > e.clientWidth + 1 &&
            getComputedStyle(e).overflowX !== 'visible' &&
            getComputedStyle(e).overflowX !== 'hidden',
        ).length
      : 0;
    return { page: root.scrollWidth - root.clientWidth, scrollers: overflowing };
  });

test('[CASES]: on a 390 px phone each case is a card that opens its case, nothing scrolls sideways', async ({
  page,
  loginPage,
}) => {
  // Signed in at the desktop's size: on a phone the main menu waits behind its button.
  await loginPage.signInWithPassword(USERS.agent);
  await page.setViewportSize(PHONE);
  await page.goto('/cases/open/claim');
  const cards = page.getByTestId('case-row');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  // Cards, not the 904 px table in a 332 px box.
  await expect(page.getByTestId('case-table')).toHaveCount(0);
  expect(await sideways(page)).toEqual({ page: 0, scrollers: 0 });
  await page.screenshot({ path: test.info().outputPath('cards-390.png') });

  // A card says which case, whose, how far along, whose desk, and its mail.
  const first = cards.first();
  const number = (await first.locator('[data-column="caseNumber"]').innerText()).trim();
  expect(number).toMatch(/^#\d+$/);
  await expect(first.locator('[data-column="customerName"]')).not.toBeEmpty();
  await expect(first.getByTestId('status-badge')).toBeVisible();
  await expect(first.locator('[data-column="assignee"]')).not.toBeEmpty();
  const box = await first.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(PHONE.width);
  const withMail = cards.filter({ has: page.getByTestId('unread-badge') }).first();
  await expect(withMail.getByTestId('unread-badge')).toBeVisible();

  // A tap low on the card, on its status line and not on the number, opens the case.
  await first.click({ position: { x: (box?.width ?? 300) / 2, y: (box?.height ?? 80) - 12 } });
  await expect(page).toHaveURL(new RegExp(`/cases/open/claim/${number.slice(1)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Case ${number}` })).toBeVisible();

  // At 1280 px the list is the table again.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goBack();
  await expect(page.getByTestId('case-table')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('table-1280.png') });
});
