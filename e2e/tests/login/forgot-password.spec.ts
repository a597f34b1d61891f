import { callApi } from '../../fixtures/api';
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

const NEUTRAL = 'If an account exists for this address, we sent a link to set a new password.';

test('[LOGIN]: a person who forgot the password gets a link by mail, sets a new one and signs in', async ({
  page,
  browser,
  loginPage,
}) => {
  // Two browsers, and the second loads the whole app's code after setting its password.
  test.slow();
  // A colleague of its own, so that no demo user's password changes for the other tests.
  const email = `forgetful-${String(Date.now())}@demo-store.test`;
  await loginPage.signInWithPassword(USERS.admin);
  const created = await callApi(page, 'POST', '/v2/api/users', {
    username: email,
    firstName: 'Frida',
    lastName: 'Forgetful',
    roles: ['STANDARD_USER'],
    password: 'Handed-over-1',
  });
  expect(created.status).toBe(201);

  const context = await browser.newContext();
  await context.addInitScript(ENGLISH);
  const person = await context.newPage();
  const login = new LoginPage(person);
  await login.goto();
  await login.enterEmail(email);
  await login.forgotPassword.click();
  await expect(person.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(login.email).toHaveValue(email);
  await person.getByRole('button', { name: 'Send link' }).click();
  await expect(login.notice).toHaveText(NEUTRAL);

  await person.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(login.password).toBeVisible();

  const link = await setPasswordLinkTo(email);
  await person.goto(link);
  await expect(person.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(person.getByTestId('login-email')).toHaveText(email);
  await login.newPassword.fill('Remembered-42');
  await login.repeatPassword.fill('Remembered-42');
  await person.getByRole('button', { name: 'Save and sign in' }).click();
  // A fresh browser loads the whole app's code now.
  await expect(person).toHaveURL(/\/cases\/open\//, { timeout: 60_000 });
  await expect(person.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // The link works once; the new password signs in from the sign-in page.
  const again = await browser.newContext();
  await again.addInitScript(ENGLISH);
  const later = await again.newPage();
  await later.goto(link);
  await expect(later.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await new LoginPage(later).signInWithPassword(email, 'Remembered-42');
  await again.close();
  await context.close();
});

test('[LOGIN]: asking for a link for an unknown address gets the same answer', async ({
  page,
  loginPage,
}) => {
  await loginPage.goto();
  // The first step refuses an unknown address (the source's text), so the form is reached from a
  // known one and the address changed there.
  await loginPage.enterEmail(USERS.agent);
  await loginPage.forgotPassword.click();
  await loginPage.email.fill(`nobody-${String(Date.now())}@nowhere.test`);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(loginPage.notice).toHaveText(NEUTRAL);
});
