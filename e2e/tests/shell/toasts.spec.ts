import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

type TBox = { x: number; y: number; width: number; height: number };
const intersects = (a: TBox, b: TBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the buttons and links in the page header, the case's header and the phone's top bar. */
const headerControls = (page: Page) =>
  page
    .locator('header, [data-testid="case-header"]')
    .locator('button:visible, a:visible')
    .evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName,
          x: r.x,
          y: r.y,
          width: r.width,
          height: r.height,
        };
      }),
    );

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`[SHELL]: at ${String(size.width)} px a toast covers none of the header's buttons`, async ({
    page,
    loginPage,
  }) => {
    await page.setViewportSize(size);
    await loginPage.signInWithPassword(USERS.admin);
    await page.getByTestId('case-row').first().locator('a').first().click();
    const archive = page.getByRole('button', { name: 'Archive', exact: true });
    await expect(archive).toBeVisible();
    // The archiving is refused, so that a toast shows and the case stays as it was.
    await page.route(/\/v2\/api\/claims\/\d+\/archive/, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '30', 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }),
      }),
    );
    await archive.click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    if (!toastBox) throw new Error('the toast has no box');
    const controls = await headerControls(page);
    expect(controls.length).toBeGreaterThan(1);
    expect(controls.filter((c) => intersects(toastBox, c)).map((c) => c.name)).toEqual([]);
    await expect(page).toHaveURL(/\/cases\/open\/claim\/\d+$/);
  });
}
