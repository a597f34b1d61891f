import type { Browser, Page } from '@playwright/test';
import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { LoginPage } from '../../pages/login-page';
import { UsersPage } from '../../pages/users-page';

const PASSWORD = 'Colleague-2026!';

/** A page of its own (another browser, as a colleague's), in English. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addInitScript(() => localStorage.setItem('cd.language', 'en'));
  return context.newPage();
}

/** A colleague made by the administrator signed in on `page`, with a password of their own. */
async function newColleague(page: Page): Promise<string> {
  const email = `colleague-${Date.now()}@demo-store.test`;
  const made = await callApi(page, 'POST', '/v2/api/users', {
    username: email,
    firstName: 'Cole',
    lastName: 'League',
    roles: ['STANDARD_USER'],
    password: 'First-pass-2026',
  });
  expect(made.status).toBe(201);
  const reset = await page.request.put('/v2/api/users/reset-password', {
    headers: { 'X-TENANT-ID': 'demo-store' },
    data: { username: email, oldPassword: 'First-pass-2026', password: PASSWORD },
  });
  expect(reset.status()).toBe(200);
  return email;
}

test('[USERS]: logging out ends the session on the server: the old token is refused', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const token = await page.evaluate(() => localStorage.getItem('cd.token'));
  await shell.logout.click();
  await expect(page).toHaveURL('/login');
  const replayed = await page.request.get('/v2/api/stores/setting', {
    headers: { Authorization: `Bearer ${token ?? ''}`, 'X-TENANT-ID': 'demo-store' },
  });
  expect(replayed.status()).toBe(401);
});

test('[USERS]: an administrator disables a signed-in colleague, who is out at once and cannot sign in', async ({
  page,
  browser,
  loginPage,
  usersPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  const email = await newColleague(page);
  const colleague = await otherBrowser(browser);
  await new LoginPage(colleague).signInWithPassword(email, PASSWORD);

  await usersPage.goto();
  await usersPage.openActions(email, 'Disable');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(usersPage.row(email).getByTestId('user-disabled')).toHaveText('Disabled');

  // The colleague's next step in the app meets the ended session.
  await colleague.goto('/users');
  await expect(colleague).toHaveURL('/login');
  const login = new LoginPage(colleague);
  await login.enterEmail(email);
  await login.password.fill(PASSWORD);
  await login.signIn.click();
  await expect(colleague.getByText('This account is disabled.', { exact: false })).toBeVisible();

  await usersPage.openActions(email, 'Enable');
  await expect(usersPage.row(email).getByTestId('user-disabled')).toHaveCount(0);
  await login.signIn.click();
  await expect(colleague).toHaveURL(/\/cases\/open\//);
  await colleague.context().close();
});

test('[USERS]: sign out everywhere from the profile ends the other browser’s session too', async ({
  page,
  browser,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  const email = await newColleague(page);
  const phone = await otherBrowser(browser);
  await new LoginPage(phone).signInWithPassword(email, PASSWORD);
  const desk = await otherBrowser(browser);
  await new LoginPage(desk).signInWithPassword(email, PASSWORD);

  const users = new UsersPage(desk);
  await desk.goto('/users');
  await expect(users.page.getByTestId('my-sessions')).toContainText('Signed in on 2 browsers');
  await desk.getByRole('button', { name: 'Sign out everywhere' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(desk).toHaveURL('/login');
  await phone.goto('/dashboard');
  await expect(phone).toHaveURL('/login');
  await phone.context().close();
  await desk.context().close();
});
