import { DEMO_PASSWORD, USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

test('[LOGIN]: a password user signs in and lands on the first workflow', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.goto();
  await expect(loginPage.next).toBeDisabled();
  await loginPage.email.fill('admin@demo-store');
  await expect(loginPage.next).toBeDisabled();
  await loginPage.email.fill(USERS.admin);
  await expect(loginPage.next).toBeEnabled();
  await loginPage.next.click();
  await expect(loginPage.signIn).toBeDisabled();
  await loginPage.password.fill(DEMO_PASSWORD);
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  await shell.expectLoaded();
  await expect(shell.profile).toContainText('Ada Admin');
  await expect(shell.profile).toContainText(USERS.admin);
});

test('[LOGIN]: sign-in works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(USERS.agent);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/cases/open/claim');
});

test('[LOGIN]: a wrong password shows the source message', async ({ loginPage }) => {
  await loginPage.goto();
  await loginPage.enterEmail(USERS.manager);
  await loginPage.password.fill('Wrong-password-1');
  await loginPage.signIn.click();
  await expect(loginPage.error).toHaveText(
    'Login Failed! Email / Password combination is invalid, please try again.',
  );
});

test('[LOGIN]: an unknown email shows account.invalidUsername translated', async ({ loginPage }) => {
  await loginPage.goto();
  await loginPage.enterEmail('nobody@nowhere.test');
  await expect(loginPage.error).toHaveText('We could not find an account with this email address.');
  await loginPage.language.selectOption('de');
  await expect(loginPage.error).toHaveText('Wir konnten kein Konto mit dieser E-Mail-Adresse finden.');
});

test('[LOGIN]: a user of another store signs in to that store', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.otherStoreAdmin);
  const storeName = await page.evaluate(() => localStorage.getItem('cd.storeName'));
  expect(storeName).toBe('second-store');
});
