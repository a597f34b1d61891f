import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

const SESSION_KEYS = [
  'cd.token',
  'cd.storeName',
  'cd.grantType',
  'cd.identity',
  'cd.featureConfig',
  'cd.pushToken',
];

test('[LOGIN]: logout clears the stored session and closes the shell', async ({ page, loginPage, shell }) => {
  await loginPage.signInWithPassword(USERS.admin);
  await page.evaluate(() => localStorage.setItem('cd.pushToken', 'push-123'));
  expect(await page.evaluate(() => localStorage.getItem('cd.featureConfig'))).not.toBeNull();
  await shell.logout.click();
  await expect(page).toHaveURL('/login');
  const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
  expect(stored).toEqual(SESSION_KEYS.map(() => null));
  expect(await page.evaluate(() => localStorage.getItem('cd.language'))).not.toBeNull();
  await page.goto('/users');
  await expect(page).toHaveURL('/login');
});

test('[LOGIN]: an expired session is logged out and sent to the login page', async ({ page, loginPage }) => {
  await page.clock.install();
  await loginPage.signInWithPassword(USERS.agent);
  const expiry = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('cd.identity') ?? '{}') as { expiry: number }).expiry,
  );
  expect(expiry).toBeGreaterThan(Date.now());
  await page.clock.fastForward(expiry - Date.now() + 60_000);
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('cd.token'))).toBeNull();
});

test('[LOGIN]: a stored token past its expiry does not open the shell', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.agent);
  await page.evaluate(() => {
    const [h, , s] = (localStorage.getItem('cd.token') ?? '').split('.');
    const claims = {
      user_name: 'agent@demo-store.test',
      store_name: 'demo-store',
      exp: Math.floor(Date.now() / 1000) - 60,
      authorities: ['STANDARD_USER'],
      grant_type: 'password',
      company: 'Demo Company',
    };
    localStorage.setItem('cd.token', `${h}.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.${s}`);
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});
