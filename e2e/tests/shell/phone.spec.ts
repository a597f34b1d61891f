import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { eachScreen } from './screens';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

/** How far the page itself scrolls sideways: 0 when everything fits the width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** After a change of size: two frames, so the screen's media queries have drawn it anew. */
const redrawn = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test('[SHELL]: on a 390 x 844 phone and a 768 x 1024 tablet no screen scrolls sideways', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(240_000);
  const overflowing: string[] = [];
  // Each screen opens on the phone and is measured there (its screenshot kept), then turned into
  // the tablet's size and measured again: each screen is reached once for both.
  const measure = async (name: string) => {
    for (const [label, size] of [
      ['phone', PHONE],
      ['tablet', TABLET],
    ] as const) {
      await page.setViewportSize(size);
      await redrawn(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${name} on the ${label} (${String(overflow)} px)`);
      if (size === PHONE)
        await page.screenshot({ path: test.info().outputPath(`${name.replaceAll(' ', '-')}.png`) });
    }
    await page.setViewportSize(PHONE);
  };
  await page.setViewportSize(PHONE);
  await loginPage.goto();
  await measure('sign-in');
  await eachScreen(page, loginPage, (screen) => measure(screen.name));
  expect(overflowing).toEqual([]);
});

test('[SHELL]: on a phone the side menu is a drawer behind the menu button', async ({
  page,
  loginPage,
  shell,
}) => {
  await page.setViewportSize(PHONE);
  await loginPage.signInWithPassword(USERS.admin);
  const burger = page.getByTestId('menu-burger');
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(shell.menu).toBeHidden();

  await burger.click();
  await expect(shell.menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  // The drawer takes less than the width: the screen stays in sight behind it.
  const drawer = await shell.menu.boundingBox();
  expect(drawer?.width ?? PHONE.width).toBeLessThan(PHONE.width);

  // A menu entry opens its screen and shuts the drawer.
  await shell.entry('menu-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(shell.menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Escape shuts it and gives the focus back to the menu button.
  await burger.click();
  await expect(shell.menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shell.menu).toBeHidden();
  await expect(burger).toBeFocused();
});

test('[SHELL]: from 768 px the side menu stays beside the screen', async ({ page, loginPage, shell }) => {
  await page.setViewportSize(TABLET);
  await loginPage.signInWithPassword(USERS.admin);
  await expect(shell.menu).toBeVisible();
  await expect(page.getByTestId('menu-burger')).toHaveCount(0);
});

test('[SHELL]: on a phone a case header gives its number and fields the width, its actions below', async ({
  page,
  loginPage,
}) => {
  // The agent: fewer actions than an administrator, so they would fit beside the fields and squeeze them.
  await page.setViewportSize(PHONE);
  await loginPage.signInWithPassword(USERS.agent);
  await page.getByTestId('case-row').first().locator('a').first().click();
  const header = page.getByTestId('case-header');
  const title = header.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  // The number on one line, and every header value shown whole (none cut to "S..").
  const titleBox = await title.boundingBox();
  expect(titleBox?.height ?? 0).toBeLessThan(48);
  const cut = await header
    .locator('[data-testid^="header-"]')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.getAttribute('data-testid')),
    );
  expect(cut).toEqual([]);
  // The actions sit below the number, not beside it.
  const archive = await header.getByRole('button', { name: 'Archive' }).boundingBox();
  expect(archive?.y ?? 0).toBeGreaterThan((titleBox?.y ?? 0) + (titleBox?.height ?? 0));
});

test('[SHELL]: on a phone the header is painted in both schemes, so the page scrolls under it unseen', async ({
  page,
  loginPage,
  shell,
}) => {
  await page.setViewportSize(PHONE);
  await loginPage.signInWithPassword(USERS.admin);
  const header = page.locator('header');
  const painted: Record<string, string> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await shell.followSystemScheme(colorScheme);
    painted[colorScheme] = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    // An opaque colour: rgb(…), never rgba(…) with some transparency or "transparent".
    expect(painted[colorScheme], colorScheme).toMatch(/^rgb\(/);
  }
  expect(painted.light).not.toBe(painted.dark);
});
