import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import {
  ordersOf,
  startWooCommerceStandIn,
  type ShopStandIn,
} from '../../../packages/server/test/stand-ins/shop-stand-ins';

/**
 * A store's web shop inside the case (issue 37): an administrator connects a WooCommerce shop (a
 * local stand-in of its REST API, started here), and on a case the order panel finds the order the
 * case names and takes its date, customer and ticked lines into the form, which then saves.
 */
let woo: ShopStandIn;

test.beforeAll(async () => {
  woo = await startWooCommerceStandIn('ck_e2e', 'cs_e2e');
  woo.orders = ordersOf(3, 7001, 'kari.shop@example.com');
});

test.afterAll(async () => {
  await woo.stop();
});

test('[SHOPS]: connect a WooCommerce shop, find the case’s order and take it into the case', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  await page.goto('/settings/shops');
  await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible();
  await page.getByLabel('The shop’s address').fill(woo.origin);
  await page.getByLabel('Consumer key').fill('ck_e2e');
  await page.getByLabel('Consumer secret').fill('cs_wrong');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(/The shop refused these keys/)).toBeVisible();
  await page.getByLabel('Consumer secret').fill('cs_e2e');
  await page.getByRole('button', { name: 'Connect' }).click();
  const row = page.getByTestId('shop-connection');
  await expect(row).toContainText(woo.origin);
  await expect(row).toContainText('Connected');

  try {
    const created = await callApi(page, 'POST', '/v2/api/claims', {
      workFlow: 'claim',
      customer: { name: 'Kari Shop', email: 'kari.shop@example.com' },
      items: [],
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    await page.goto(`/cases/open/claim/${String(id)}`);
    const panel = page.getByRole('region', { name: 'Order in the shop' });
    await expect(panel).toBeVisible();
    await page.getByRole('tabpanel').getByLabel('Order reference').first().fill('7002');
    await panel.getByRole('button', { name: 'Find order 7002' }).click();
    const order = panel.getByTestId('shop-order');
    await expect(order).toContainText('Order 7002');
    await expect(order.getByRole('link', { name: /Order 7002/ })).toHaveAttribute(
      'href',
      `${woo.origin}/wp-admin/post.php?post=5001&action=edit`,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`order-panel-${String(width)}.png`),
        fullPage: true,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await order.getByRole('checkbox', { name: '2 × Milk jug (JUG-2)' }).uncheck();
    await order.getByRole('button', { name: 'Use this order' }).click();
    await expect(page.getByRole('tabpanel').getByLabel('Purchase date').first()).toHaveValue('02/01/2026');
    const items = page.getByTestId('item-row');
    await expect(items).toHaveCount(1);
    await expect(items.first().getByLabel('Product name')).toHaveValue('Espresso machine');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('tabpanel').getByLabel('Order reference').first()).toHaveValue('7002');
    await expect(page.getByTestId('item-row').first().getByLabel('Product name')).toHaveValue(
      'Espresso machine',
    );
  } finally {
    // The shop is the shared server's: the other tests see cases without it.
    const shops = await callApi(page, 'GET', '/v2/api/shops');
    for (const shop of (shops.body as { shops: { id: number }[] }).shops)
      await callApi(page, 'DELETE', `/v2/api/shops/${String(shop.id)}`);
  }
});
