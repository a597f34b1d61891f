import type { Page, Request } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

/**
 * Browser notifications as a person turns them on: the permission is asked only from the
 * switch on their profile, the browser's Web Push subscription is registered with the server
 * (PUT /v2/api/fcm/subscribe), it is still on after a reload, and logging out removes it from
 * the server and the browser. A headless browser reaches no real push service, so the page's
 * PushManager hands out a stand-in subscription; the pushes themselves are tested on the server
 * (packages/server/test/live/web-push.test.ts) against a stand-in push service.
 */
// A push service's host: the server refuses endpoints at any other (issue 34).
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/e2e-browser';

async function standInPushManager(page: Page) {
  await page.addInitScript((endpoint) => {
    if (window !== window.top) return;
    const w = window as unknown as { permissionAsks: number; unsubscribed: number };
    w.permissionAsks = 0;
    w.unsubscribed = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.permissionAsks += 1;
      return ask();
    };
    const bytes = (n: number, first: number) =>
      btoa(String.fromCharCode(first, ...Array.from({ length: n - 1 }, (_, i) => (i * 7) % 256)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscription = {
      endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: bytes(65, 4), auth: bytes(16, 1) } }),
      unsubscribe: () => {
        w.unsubscribed += 1;
        localStorage.removeItem('e2e.subscribed');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(
        (localStorage.getItem('e2e.subscribed') ? subscription : null) as PushSubscription | null,
      );
    PushManager.prototype.subscribe = () => {
      localStorage.setItem('e2e.subscribed', '1');
      return Promise.resolve(subscription as unknown as PushSubscription);
    };
  }, ENDPOINT);
}

const isSubscribeCall = (method: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname === '/v2/api/fcm/subscribe';

test('[NOTIFY]: turning notifications on asks the permission, registers the browser, and logout removes it', async ({
  page,
  context,
  loginPage,
  usersPage,
  shell,
}) => {
  await context.grantPermissions(['notifications']);
  await standInPushManager(page);
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  const toggle = page.getByTestId('notifications-switch');
  await expect(toggle).not.toBeChecked();
  // Nothing asked on page load.
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);

  const put = page.waitForRequest(isSubscribeCall('PUT'));
  await page.getByRole('switch', { name: 'Notify me of new mail in this browser' }).click();
  const body = (await put).postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  expect(body.endpoint).toBe(ENDPOINT);
  expect(body.keys.p256dh).toMatch(/^BA/);
  expect((await (await put).response())?.status()).toBe(204);
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(1);
  // The service worker that shows the notifications is in place.
  expect(
    await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration('/sw.js'))?.active?.scriptURL,
    ),
  ).toMatch(/\/sw\.js$/);

  await page.reload();
  await expect(page.getByTestId('notifications-switch')).toBeChecked();

  const remove = page.waitForRequest(isSubscribeCall('DELETE'));
  await shell.logout.click();
  expect((await remove).postDataJSON()).toEqual({ endpoint: ENDPOINT });
  expect((await (await remove).response())?.status()).toBe(204);
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => (window as unknown as { unsubscribed: number }).unsubscribed),
  ).toBeGreaterThan(0);
});

test('[NOTIFY]: a refused permission is only logged: the switch stays off and nothing is registered', async ({
  page,
  context,
  loginPage,
  usersPage,
}) => {
  await context.clearPermissions();
  await standInPushManager(page);
  await page.addInitScript(() => {
    if (window !== window.top) return;
    Notification.requestPermission = () => Promise.resolve('denied');
  });
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  let registered = 0;
  page.on('request', (request) => {
    if (isSubscribeCall('PUT')(request)) registered += 1;
  });
  await loginPage.signInWithPassword(USERS.admin);
  await usersPage.goto();
  await page.getByRole('switch', { name: 'Notify me of new mail in this browser' }).click();
  await expect.poll(() => logged.some((line) => line.includes('permission denied'))).toBe(true);
  await expect(page.getByTestId('notifications-switch')).not.toBeChecked();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(registered).toBe(0);
});
