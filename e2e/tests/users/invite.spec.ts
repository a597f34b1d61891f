import { USERS } from '../../fixtures/env';
import { setPasswordLinkTo } from '../../fixtures/mail-out';
import { expect, test } from '../../fixtures/test';
import { LoginPage } from '../../pages/login-page';

/** A second person's browser, in English like the fixture's (not in a mail's sandboxed frame). */
const ENGLISH = () => {
  try {
    if (window === window.top) localStorage.setItem('cd.language', 'en');
  } catch {
    // about:blank has no storage.
  }
};

test('[USERS]: an administrator invites a colleague, who sets a password from the mail and lands in the app', async ({
  page,
  browser,
  loginPage,
  usersPage,
}) => {
  // Two browsers, and the second loads the whole app's code after setting its password.
  test.slow();
  const email = `invited-${String(Date.now())}@demo-store.test`;
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await usersPage.invite.click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/First password/)).toHaveCount(0);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^First name/).fill('Ines');
  await dialog.getByLabel(/^Last name/).fill('Invited');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(usersPage.row(email).getByTestId('user-invited')).toHaveText('Invited');

  // Sent again: the first link no longer works.
  const first = await setPasswordLinkTo(email, 1);
  await usersPage.openActions(email, 'Send invitation again');
  await expect(page.getByText(`A new invitation was sent to ${email}.`, { exact: false })).toBeVisible();
  const second = await setPasswordLinkTo(email, 2);
  expect(second).not.toBe(first);

  const context = await browser.newContext();
  await context.addInitScript(ENGLISH);
  const colleague = await context.newPage();
  await colleague.goto(first);
  await expect(colleague.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await colleague.goto(second);
  await expect(colleague.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect(colleague.getByTestId('login-email')).toHaveText(email);
  const login = new LoginPage(colleague);
  await login.newPassword.fill('Own-choice-77');
  await login.repeatPassword.fill('Own-choice-77');
  await colleague.getByRole('button', { name: 'Save and sign in' }).click();
  // A fresh browser loads the whole app's code now.
  await expect(colleague).toHaveURL(/\/cases\/open\//, { timeout: 60_000 });
  await expect(colleague.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(usersPage.row(email)).toBeVisible();
  await expect(usersPage.row(email).getByTestId('user-invited')).toHaveCount(0);
});
