// Shopify's app install and OAuth sign-in as Shopify documents them (issue 37 point 1): the install
// link's signature and age, the grant redirect with a state bound to the browser, the return's
// signature and state, the code exchanged once for the token, kept sealed as the store's shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyQueryHmac } from '../../src/modules/shops/shopify-oauth';
import { call, signIn, XSRF, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  ordersOf,
  startShopifyStandIn,
  type ShopifyApp,
  type ShopStandIn,
} from '../stand-ins/shop-stand-ins';

const SHOP = 'fjord-gear.myshopify.com';
const SECRET = 'shpss_app_secret';
const app: ShopifyApp = { clientId: 'app-key', clientSecret: SECRET, codes: new Set() };

let t: TestApp;
let shopify: ShopStandIn;
let admin: Session;
let otherAdmin: Session;
let staff: Session;

const signed = (query: Record<string, string>) => ({ ...query, hmac: shopifyQueryHmac(query, SECRET) });
const now = () => String(Math.floor(Date.now() / 1000));
const cookieOf = (setCookie: string | string[] | undefined) =>
  /cd_shopify_state=([^;]+)/.exec([setCookie ?? []].flat().join(';'))?.[1] ?? '';

/** An administrator starts the sign-in: the grant address and the browser's nonce. */
async function start(session: Session, shop = SHOP) {
  const response = await call(t.app, session, { url: `/v2/api/shops/shopify/authorize-url?shop=${shop}` });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(response.json<{ url: string }>().url);
  return { url, state: url.searchParams.get('state') ?? '', nonce: cookieOf(response.headers['set-cookie']) };
}

/** The browser posts Shopify's return to the server, as the return page does. */
function finish(session: Session, query: Record<string, string>, code: string, nonce: string) {
  return call(t.app, session, {
    method: 'POST',
    url: `/v2/api/external-auth/shopify?${new URLSearchParams(query).toString()}`,
    body: { token: code },
    headers: { cookie: `XSRF-TOKEN=${XSRF}; cd_shopify_state=${nonce}` },
  });
}

/** Shopify's signed return for a code and a state. */
const returned = (code: string, state: string, shop = SHOP): Record<string, string> => {
  const query = { host: 'YWRtaW4uc2hvcGlmeS5jb20', shop, state, timestamp: now() };
  // The code goes in the body (the source's { token }); the signature covers it too.
  return { ...query, hmac: shopifyQueryHmac({ ...query, code }, SECRET) };
};

beforeAll(async () => {
  shopify = await startShopifyStandIn(SHOP, 'shpat_installed', app);
  shopify.orders = ordersOf(2, 1001).map((o) => ({ ...o, number: `#${o.number}` }));
  t = await createTestApp({
    SHOPIFY_API_KEY: app.clientId,
    SHOPIFY_API_SECRET: SECRET,
    SHOPIFY_ADMIN_ORIGIN: `${shopify.origin}/{shop}`,
    PUBLIC_URL: 'https://claimdesk.example',
    SHOP_TIMEOUT_MS: '1000',
  });
  const store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  staff = await signIn(t.app, await createUser(t.db, store.tenantId));
  const other = await createStore(t.db);
  otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
}, 60_000);

afterAll(async () => {
  await t.close();
  await shopify.stop();
});

describe('the install link from the shop’s admin', () => {
  const install = (query: Record<string, string>) =>
    t.app.inject({ url: `/v2/shopify/install?${new URLSearchParams(query).toString()}` });

  it('sends a link Shopify signed on to the grant screen, with a state and the browser’s cookie', async () => {
    const response = await install(signed({ shop: SHOP, timestamp: now(), host: 'YWRtaW4' }));
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${shopify.origin}/${SHOP}/admin/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'app-key',
      scope: 'read_orders,read_customers',
      redirect_uri: 'https://claimdesk.example/external/shopify/oauth',
    });
    expect(location.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookieOf(response.headers['set-cookie'])).not.toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
  });

  it('refuses a link with a wrong signature, an old timestamp, or a host that is no shop', async () => {
    const good = signed({ shop: SHOP, timestamp: now() });
    for (const query of [
      { ...good, hmac: 'f'.repeat(64) },
      signed({ shop: SHOP, timestamp: String(Math.floor(Date.now() / 1000) - 3600) }),
      signed({ shop: 'evil.example.com', timestamp: now() }),
      { ...good, shop: 'other-shop.myshopify.com' },
    ]) {
      const response = await install(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('connecting the signed-in store', () => {
  it('is for administrators', async () => {
    expect(
      (await call(t.app, staff, { url: `/v2/api/shops/shopify/authorize-url?shop=${SHOP}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, admin, { url: '/v2/api/shops/shopify/authorize-url?shop=evil.com' })).statusCode,
    ).toBe(400);
  });

  it('refuses a return without the browser’s cookie, with a forged signature, or started by another store', async () => {
    const { state, nonce } = await start(admin);
    app.codes.add('code-1');
    const query = returned('code-1', state);
    expect((await finish(admin, query, 'code-1', 'someone-else')).json()).toMatchObject({
      fieldErrors: { state: expect.any(String) as string },
    });
    expect((await finish(admin, { ...query, hmac: '0'.repeat(64) }, 'code-1', nonce)).json()).toMatchObject({
      fieldErrors: { hmac: expect.any(String) as string },
    });
    const theirs = await start(otherAdmin);
    expect((await finish(admin, returned('code-1', theirs.state), 'code-1', theirs.nonce)).statusCode).toBe(
      400,
    );
    // The code was never spent on a refused return.
    expect(app.codes.has('code-1')).toBe(true);
  });

  it('exchanges the code once, keeps the token sealed, and the store reads the shop’s orders', async () => {
    const { state, nonce } = await start(admin);
    app.codes.add('code-2');
    // The source's call names the shop as storeName as well: not part of Shopify's signature.
    const response = await finish(admin, { ...returned('code-2', state), storeName: SHOP }, 'code-2', nonce);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'shopify', shop: SHOP, state: 'ok' });
    expect(response.body).not.toContain('shpat_installed');
    const orders = await call(t.app, staff, { url: '/v2/api/shop-orders?number=1002' });
    expect(orders.json()).toMatchObject({
      shop: { kind: 'shopify', shop: SHOP },
      orders: [{ number: '#1002' }],
    });
    // The same code again: Shopify refuses it, and the store is told on the field.
    const again = await start(admin);
    const replay = await finish(admin, returned('code-2', again.state), 'code-2', again.nonce);
    expect(replay.json()).toMatchObject({ fieldErrors: { token: expect.any(String) as string } });
  });

  it('will not connect a shop another store has', async () => {
    const { state, nonce } = await start(otherAdmin);
    app.codes.add('code-3');
    expect((await finish(otherAdmin, returned('code-3', state), 'code-3', nonce)).statusCode).toBe(409);
  });
});
