import { DEMO_PASSWORD, USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('[USERS]: an administrator lists and searches the users', async ({ loginPage, usersPage }) => {
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await expect(usersPage.row(USERS.agent)).toBeVisible();
  await usersPage.search.fill('manager');
  await expect(usersPage.rows).toHaveCount(1);
  await expect(usersPage.rows.first()).toContainText(USERS.manager);
  await usersPage.search.fill('zzz-nobody');
  await expect(usersPage.page.getByText('No users found')).toBeVisible();
});

test('[USERS]: create, edit, set a password, and delete a user; the new user must choose a password', async ({
  page,
  loginPage,
  usersPage,
  shell,
}) => {
  const email = `e2e-${Date.now()}@demo-store.test`;
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await usersPage.newUser.click();
  const dialog = usersPage.dialog;
  await dialog.getByLabel('Email (username)').fill('not-an-email');
  await dialog.getByLabel('First name').fill('Erin');
  await dialog.getByLabel('Last name').fill('Example');
  await dialog.getByLabel('First password').fill('short');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('Must be a valid email address')).toBeVisible();
  await expect(dialog.getByText('At least 8 characters')).toBeVisible();
  await dialog.getByLabel('Email (username)').fill(email);
  await dialog.getByLabel('First password').fill('Welcome-2024');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('The user was created.')).toBeVisible();
  await expect(usersPage.row(email)).toContainText('Erin Example');
  await expect(usersPage.row(email)).toContainText('Must choose a new password');

  await usersPage.openActions(email, 'Edit');
  await dialog.getByLabel('First name').fill('Erika');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(usersPage.row(email)).toContainText('Erika Example');

  await usersPage.openActions(email, 'Change password');
  await dialog.getByLabel(/^New password/).fill('Another-2025');
  await dialog.getByLabel('Repeat new password').fill('Another-2026');
  await expect(dialog.getByText('The password confirmation does not match')).toBeVisible();
  await dialog.getByLabel('Repeat new password').fill('Another-2025');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password was changed.')).toBeVisible();

  // The new user signs in with the password an administrator set and must choose a new one.
  await shell.logout.click();
  await loginPage.enterEmail(email);
  await loginPage.password.fill('Another-2025');
  await loginPage.signIn.click();
  await expect(loginPage.newPassword).toBeVisible();

  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await usersPage.openActions(email, 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The user was deleted.')).toBeVisible();
  await expect(usersPage.row(email)).toHaveCount(0);
});

test('[USERS]: a profile picture is previewed, uploaded and shown; a wrong type is refused clearly', async ({
  page,
  loginPage,
  usersPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await page.getByRole('button', { name: 'Change picture' }).click();
  const input = page.getByTestId('picture-dropzone').locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('picture-error')).toHaveText(
    'This file type is not accepted. Choose a PNG, JPEG, GIF or WebP picture.',
  );
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('picture-error')).toHaveCount(0);
  await expect(
    page.getByRole('dialog').getByRole('img', { name: 'Preview of the profile picture' }),
  ).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('The profile picture was updated.')).toBeVisible();
  await expect(shell.profile.locator('img')).toHaveAttribute('src', /.+/);
});

test('[USERS]: an agent sees only their own profile and changes their own password', async ({
  page,
  loginPage,
  usersPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  await usersPage.goto();
  await expect(page.getByTestId('my-profile')).toContainText(USERS.agent);
  await expect(usersPage.rows).toHaveCount(0);
  await expect(usersPage.newUser).toHaveCount(0);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = usersPage.dialog;
  await dialog.getByLabel('Current password').fill('Wrong-1234!');
  await dialog.getByLabel(/^New password/).fill('Agent-Pass-77');
  await dialog.getByLabel('Repeat new password').fill('Agent-Pass-77');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill('Demo-1234!');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password was changed.')).toBeVisible();

  // Back to the demo password, which the specs after this one sign in with.
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Change password' }).click();
  await dialog.getByLabel('Current password').fill('Agent-Pass-77');
  await dialog.getByLabel(/^New password/).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Repeat new password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await shell.logout.click();
  await expect(page).toHaveURL('/login');
  await loginPage.signInWithPassword(USERS.agent);
});

test('[USERS]: the upgrade-account page explains the way to an external user and lists none for the demo admin', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await page.goto('/settings/upgrade-account');
  await expect(page.getByRole('heading', { name: 'Upgrade account' })).toBeVisible();
  await expect(page.getByText('No external accounts')).toBeVisible();
});
