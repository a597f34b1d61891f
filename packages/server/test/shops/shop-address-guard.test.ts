// A WooCommerce shop's address is an administrator's: the server sends to public https addresses
// only, so a shop cannot be made to point it at its own network (issue 37, issue 34's rule).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startWooCommerceStandIn, type ShopStandIn } from '../stand-ins/shop-stand-ins';

let t: TestApp;
let woo: ShopStandIn;
let admin: Session;

beforeAll(async () => {
  woo = await startWooCommerceStandIn('ck_key', 'cs_secret');
  t = await createTestApp({ SHOP_TIMEOUT_MS: '500' });
  const store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
}, 60_000);

afterAll(async () => {
  await t.close();
  await woo.stop();
});

it('refuses plain http, local network addresses and names that resolve to them', async () => {
  const port = new URL(woo.origin).port;
  for (const url of [
    woo.origin,
    `https://127.0.0.1:${port}`,
    `https://[::1]:${port}`,
    `https://localhost:${port}`,
    'https://10.0.0.8',
  ]) {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: '/v2/api/shops/woocommerce',
      body: { url, consumerKey: 'ck_key', consumerSecret: 'cs_secret' },
    });
    expect([
      url,
      response.statusCode,
      Object.keys(response.json<{ fieldErrors?: object }>().fieldErrors ?? {}),
    ]).toEqual([url, 400, ['url']]);
  }
  expect(woo.requests).toEqual([]);
});
