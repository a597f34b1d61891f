import { DEMO_PASSWORD, USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

test('[LOGIN]: a user due for a reset chooses a new password and then signs in with it', async ({
  page,
  loginPage,
}) => {
  await loginPage.goto();
  await loginPage.enterEmail(USERS.reset);
  await loginPage.password.fill(DEMO_PASSWORD);
  await loginPage.signIn.click();
  await expect(loginPage.newPassword).toBeVisible();
  const save = page.getByRole('button', { name: 'Save new password' });
  await expect(save).toBeDisabled();

  await loginPage.newPassword.fill('Fresh-Start-42');
  await loginPage.repeatPassword.fill('Fresh-Start-4');
  await expect(page.getByText('The password confirmation does not match')).toBeVisible();
  await expect(save).toBeDisabled();

  // A password the server refuses: the source's text followed by the reasons.
  await loginPage.newPassword.fill('lettersonly');
  await loginPage.repeatPassword.fill('lettersonly');
  await save.click();
  await expect(loginPage.error).toContainText('Password Reset Failed!');
  await expect(loginPage.error.getByRole('listitem')).not.toHaveCount(0);

  await loginPage.newPassword.fill('Fresh-Start-42');
  await loginPage.repeatPassword.fill('Fresh-Start-42');
  await save.click();
  await expect(loginPage.notice).toHaveText('Your password was changed. Sign in with your new password.');
  await expect(loginPage.password).toHaveValue('');
  await loginPage.password.fill('Fresh-Start-42');
  await loginPage.signIn.click();
  await expect(page).toHaveURL(/\/cases\/open\//);
});
