import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';

test('[LOGIN]: a one-time-code contact signs in with the mailed code', async ({ page, loginPage, shell }) => {
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await expect(loginPage.otp).toBeVisible();
  await expect(loginPage.signIn).toBeDisabled();
  const code = await readOtpCode(USERS.contact, since);
  await loginPage.otp.fill(code);
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  await shell.expectLoaded();
  // The limited user: the lite menu, no settings, no inbox, not the store's support-form preview.
  await expect.poll(() => shell.visibleEntries()).toEqual([]);
  await expect(shell.profile).toContainText(USERS.contact);
  expect(await page.evaluate(() => localStorage.getItem('cd.grantType'))).toBe('otp');
});

test('[LOGIN]: a wrong one-time code shows the source message', async ({ loginPage }) => {
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  const code = await readOtpCode(USERS.contact, since);
  await loginPage.otp.fill(code === '000000' ? '111111' : '000000');
  await loginPage.signIn.click();
  await expect(loginPage.error).toHaveText('Login Failed! OTP is invalid, please try again.');
});
