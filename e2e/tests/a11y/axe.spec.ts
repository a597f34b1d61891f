import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('[A11Y]: the login steps have no serious or critical violation', async ({ page, loginPage }) => {
  await loginPage.goto();
  expect(await seriousViolations(page)).toEqual([]);
  await loginPage.enterEmail('nobody@nowhere.test');
  await expect(loginPage.error).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await loginPage.enterEmail(USERS.manager);
  await expect(loginPage.password).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Change email' }).click();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await expect(loginPage.otp).toBeVisible();
  await readOtpCode(USERS.contact, since);
  expect(await seriousViolations(page)).toEqual([]);
});

test('[A11Y]: the reset step has no serious or critical violation', async ({
  page,
  loginPage,
  usersPage,
}) => {
  // A fresh user must choose a new password at first sign-in: that reaches the reset step.
  const email = `a11y-${Date.now()}@demo-store.test`;
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await usersPage.newUser.click();
  await usersPage.dialog.getByLabel('Email (username)').fill(email);
  await usersPage.dialog.getByLabel('First name').fill('Ally');
  await usersPage.dialog.getByLabel('Last name').fill('Checker');
  await usersPage.dialog.getByLabel('First password').fill('Welcome-2024');
  expect(await seriousViolations(page)).toEqual([]);
  await usersPage.dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(usersPage.row(email)).toBeVisible();
  await page.getByTestId('menu-logout').click();
  await loginPage.enterEmail(email);
  await loginPage.password.fill('Welcome-2024');
  await loginPage.signIn.click();
  await loginPage.newPassword.fill('abc');
  await loginPage.repeatPassword.fill('abd');
  expect(await seriousViolations(page)).toEqual([]);
});

test('[A11Y]: the error pages have no serious or critical violation', async ({ page }) => {
  for (const path of ['/access-denied', '/not-found', '/server-error']) {
    await page.goto(path);
    await expect(page.getByTestId('error-code')).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('[A11Y]: the shell and the users screen have no serious or critical violation', async ({
  page,
  loginPage,
  shell,
  usersPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await shell.expectLoaded();
  expect(await seriousViolations(page)).toEqual([]);
  await usersPage.goto();
  await expect(usersPage.rows.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shell.toggle.click();
  expect(await seriousViolations(page)).toEqual([]);
  // Leave the menu expanded, as the other tests expect it.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/user-preference') && r.request().method() === 'PUT',
  );
  await shell.toggle.click();
  await saved;
});

test('[A11Y]: the mail screens, the compose and the mail settings have no serious or critical violation', async ({
  page,
  loginPage,
  shell,
}) => {
  test.setTimeout(120_000);
  const anyRow = page.locator('[data-testid^="mail-row-"]').first();
  await loginPage.signInWithPassword(USERS.admin);
  await shell.expectLoaded();
  await page.goto('/messages/mail');
  await expect(anyRow).toBeVisible();
  expect(await seriousViolations(page), 'inbox').toEqual([]);
  await page.goto('/unmapped-mails/all/inbox');
  await expect(anyRow).toBeVisible();
  expect(await seriousViolations(page), 'unmapped').toEqual([]);
  // A case with mail: the inbox names its case; its thread with a reply being written.
  await page.goto('/messages/mail');
  await page.getByTestId('case-link').first().click();
  await expect(page.getByTestId('thread-list')).toBeVisible();
  await page.keyboard.press('r');
  await expect(page.getByTestId('mail-editor')).toBeVisible();
  expect(await seriousViolations(page), 'thread and compose').toEqual([]);
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.goto('/settings/mail-templates');
  await expect(page.getByTestId('template-row').first()).toBeVisible();
  expect(await seriousViolations(page), 'mail templates').toEqual([]);
  await page.goto('/settings/mail-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail accounts' })).toBeVisible();
  expect(await seriousViolations(page), 'mail accounts').toEqual([]);
});
