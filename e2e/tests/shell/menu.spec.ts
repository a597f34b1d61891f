import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

const CONFIGURED = ['menu-group-claim', 'menu-group-support'];

test('[SHELL]: an administrator sees dashboard, suppliers and the admin settings, but not store configs', async ({
  loginPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await expect
    .poll(() => shell.visibleEntries())
    .toEqual([
      'menu-dashboard',
      'menu-inbox',
      'menu-suppliers',
      'menu-reports',
      'menu-settings',
      'menu-mail-config',
      'menu-mail-templates',
      'menu-claim-item-type',
      'menu-users',
      'menu-support-preview',
    ]);
  for (const id of CONFIGURED) await expect(shell.entry(id)).toBeVisible();
});

test('[SHELL]: a super administrator sees store configs and users, not mail config or templates', async ({
  loginPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.super);
  await expect
    .poll(() => shell.visibleEntries())
    .toEqual([
      'menu-dashboard',
      'menu-inbox',
      'menu-suppliers',
      'menu-reports',
      'menu-settings',
      'menu-store-configs',
      'menu-claim-item-type',
      'menu-users',
      'menu-support-preview',
    ]);
});

test('[SHELL]: agents and managers see their dashboard, no suppliers or settings; managers see reports', async ({
  page,
  loginPage,
  shell,
}) => {
  for (const [user, reports] of [
    [USERS.agent, []],
    [USERS.manager, ['menu-reports']],
  ] as const) {
    await loginPage.signInWithPassword(user);
    await expect
      .poll(() => shell.visibleEntries())
      .toEqual(['menu-dashboard', 'menu-inbox', ...reports, 'menu-support-preview']);
    for (const id of CONFIGURED) await expect(shell.entry(id)).toBeVisible();
    await shell.logout.click();
    await expect(page).toHaveURL('/login');
  }
});

test('[SHELL]: menu entries lead to their screens', async ({ page, loginPage, shell }) => {
  await loginPage.signInWithPassword(USERS.admin);
  await shell.entry('menu-item-claim-archive').click();
  await expect(page).toHaveURL('/cases/archive/claim');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claims: Archive');
  await expect(page.getByTestId('case-row').first()).toBeVisible({ timeout: 20_000 });
  await shell.entry('menu-inbox').click();
  await expect(page).toHaveURL('/messages/mail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbox');
  await shell.entry('menu-dashboard').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await shell.profile.click();
  await expect(page).toHaveURL('/users');
});

test('[SHELL]: the support preview opens in a new tab', async ({ loginPage, shell }) => {
  await loginPage.signInWithPassword(USERS.admin);
  await expect(shell.entry('menu-support-preview')).toHaveAttribute('target', '_blank');
  await expect(shell.entry('menu-support-preview')).toHaveAttribute(
    'href',
    '/cases/open/support/new/preview',
  );
});

test('[SHELL]: the empty path follows the second menu item; unknown paths go to not-found', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await page.goto('/');
  await expect(page).toHaveURL('/cases/open/support');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/not-found');
});

test('[SHELL]: the collapsed menu is kept as the nav-show preference', async ({ page, loginPage, shell }) => {
  const savedPreference = () =>
    page.waitForResponse((r) => r.url().includes('/user-preference') && r.request().method() === 'PUT');
  await loginPage.signInWithPassword(USERS.super);
  let saved = savedPreference();
  await shell.toggle.click();
  await saved;
  await expect(shell.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shell.entry('menu-inbox')).toHaveAccessibleName('Inbox');
  await page.reload();
  await expect(shell.toggle).toHaveAttribute('aria-expanded', 'false');
  saved = savedPreference();
  await shell.toggle.click();
  await saved;
  await expect(shell.toggle).toHaveAttribute('aria-expanded', 'true');
});
