import { expect, test } from '../../fixtures/test';

const PAGES = [
  {
    path: '/access-denied',
    code: '403',
    message: "You don't have permission to open this page! Please contact Administrator for more info.",
  },
  { path: '/not-found', code: '404', message: "The page you are looking for doesn't exist!" },
  {
    path: '/server-error',
    code: '500',
    message: "An error occurred and your request couldn't be fulfilled.",
  },
];

for (const { path, code, message } of PAGES) {
  test(`[ERRORS]: ${path} shows ${code}, its message and a Home button`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('error-code')).toHaveText(code);
    await expect(page.getByTestId('error-message')).toHaveText(message);
    await page.getByRole('link', { name: 'Home' }).click();
    // Home is /, which asks for a session first.
    await expect(page).toHaveURL('/login');
  });
}

test('[ERRORS]: an unknown path goes to not-found', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL('/not-found');
  await expect(page.getByTestId('error-code')).toHaveText('404');
});
