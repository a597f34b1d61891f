// The store's shop connections and the order look-up through the API, against local stand-ins of
// WooCommerce and Shopify (issue 37): keys tried before they are stored, sealed at rest, one store
// per shop, and every way a shop can fail told apart.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shopConnections } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { insertShopConnection } from '../../src/modules/shops/shop-connections.repository';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  ordersOf,
  startShopifyStandIn,
  startWooCommerceStandIn,
  type ShopStandIn,
} from '../stand-ins/shop-stand-ins';

const SHOP = 'nordic-kitchen.myshopify.com';

let t: TestApp;
let woo: ShopStandIn;
let shopify: ShopStandIn;
let admin: Session;
let staff: Session;
let otherAdmin: Session;
let shopifyAdmin: Session;

const connect = (session: Session, body: Record<string, string>) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/shops/woocommerce', body });
const lookUp = (session: Session, query: string) =>
  call(t.app, session, { url: `/v2/api/shop-orders?${query}` });

beforeAll(async () => {
  woo = await startWooCommerceStandIn('ck_key', 'cs_secret');
  shopify = await startShopifyStandIn(SHOP, 'shpat_token');
  t = await createTestApp({
    SHOPS_ALLOW_PRIVATE_ADDRESSES: 'true',
    SHOP_TIMEOUT_MS: '500',
    SHOPIFY_ADMIN_ORIGIN: `${shopify.origin}/{shop}`,
  });
  const store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  staff = await signIn(t.app, await createUser(t.db, store.tenantId));
  const other = await createStore(t.db);
  otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  const third = await createStore(t.db);
  shopifyAdmin = await signIn(t.app, await createUser(t.db, third.tenantId, { roles: ['ADMIN_USER'] }));
  const db = forTenant(t.db, third.tenantId);
  await insertShopConnection(db, {
    kind: 'shopify',
    shop: SHOP,
    secretEncrypted: t.app.deps.secrets.seal(third.tenantId, JSON.stringify({ accessToken: 'shpat_token' })),
  });
}, 60_000);

afterAll(async () => {
  await t.close();
  await woo.stop();
  await shopify.stop();
});

beforeEach(() => {
  woo.orders = ordersOf(12, 1001);
  shopify.orders = ordersOf(3, 1001).map((o) => ({ ...o, number: `#${o.number}` }));
  woo.script.next = [];
  shopify.script.next = [];
});

describe('connecting a WooCommerce shop', () => {
  it('tries the keys first: refused keys are a 400 on the key, and nothing is stored', async () => {
    const refused = await connect(admin, {
      url: woo.origin,
      consumerKey: 'ck_key',
      consumerSecret: 'cs_wrong',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { consumerKey: expect.any(String) as string },
    });
    const notWoo = await connect(admin, {
      url: `${woo.origin}/blog`,
      consumerKey: 'ck_key',
      consumerSecret: 'cs_secret',
    });
    expect(notWoo.statusCode).toBe(400);
    expect(notWoo.json()).toMatchObject({
      fieldErrors: { url: expect.stringContaining('WooCommerce') as string },
    });
    expect((await call(t.app, admin, { url: '/v2/api/shops' })).json()).toEqual({ shops: [] });
  });

  it('is for administrators', async () => {
    const response = await connect(staff, {
      url: woo.origin,
      consumerKey: 'ck_key',
      consumerSecret: 'cs_secret',
    });
    expect(response.statusCode).toBe(403);
  });

  it('stores the shop with its keys sealed, once across all stores', async () => {
    const response = await connect(admin, {
      url: `${woo.origin}/`,
      consumerKey: 'ck_key',
      consumerSecret: 'cs_secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'woocommerce',
      shop: woo.origin,
      state: 'ok',
      lastError: null,
    });
    expect(response.body).not.toContain('cs_secret');
    const [stored] = await t.db
      .select({ secret: shopConnections.secretEncrypted })
      .from(shopConnections)
      .where(eq(shopConnections.shop, woo.origin));
    expect(stored?.secret).toMatch(/^v\d+:/);
    expect(stored?.secret).not.toContain('cs_secret');
    expect((await call(t.app, staff, { url: '/v2/api/shops' })).json()).toMatchObject({
      shops: [{ kind: 'woocommerce', shop: woo.origin }],
    });
    const again = await connect(otherAdmin, {
      url: woo.origin,
      consumerKey: 'ck_key',
      consumerSecret: 'cs_secret',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('looking up orders', () => {
  it('finds an order by number, and a customer’s orders by email or phone', async () => {
    const byNumber = await lookUp(staff, 'number=%231003');
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toMatchObject({
      shop: { kind: 'woocommerce', shop: woo.origin },
      orders: [
        {
          number: '1003',
          customer: { email: 'kari@example.com' },
          lines: [{ product: 'Espresso machine' }, { product: 'Milk jug' }],
        },
      ],
    });
    expect((await lookUp(staff, 'number=9999')).json()).toMatchObject({ orders: [] });
    const byEmail = (await lookUp(staff, 'email=KARI%40example.com')).json<{
      orders: { number: string }[];
    }>();
    expect(byEmail.orders.map((o) => o.number)).toEqual([
      '1012',
      '1011',
      '1010',
      '1009',
      '1008',
      '1007',
      '1006',
      '1005',
      '1004',
      '1003',
    ]);
    expect(
      (await lookUp(staff, 'phone=%2B47%20912%2034%20567')).json<{ orders: unknown[] }>().orders,
    ).toHaveLength(10);
  });

  it('refuses a look-up with nothing to look for, or a malformed one, field by field', async () => {
    expect((await lookUp(staff, '')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { number: expect.any(String) as string },
    });
    expect((await lookUp(staff, 'email=nope')).json()).toMatchObject({
      fieldErrors: { email: expect.any(String) as string },
    });
    expect((await lookUp(staff, `number=${'9'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('says plainly when the shop is slow, busy or refuses the keys, and marks the connection', async () => {
    woo.script.next = [1, 2, 3].map(() => ({ kind: 'delay' as const, ms: 900 }));
    const slow = await lookUp(staff, 'number=abc');
    expect([slow.statusCode, slow.json<{ code: string }>().code]).toEqual([504, 'SHOP_TIMEOUT']);
    woo.script.next = [1, 2, 3].map(() => ({ kind: 'status' as const, status: 429, retryAfter: '0' }));
    const busy = await lookUp(staff, 'number=abc');
    expect([busy.statusCode, busy.json<{ code: string }>().code]).toEqual([503, 'SHOP_RATE_LIMITED']);
    woo.script.next = [{ kind: 'status', status: 401 }];
    const refused = await lookUp(staff, 'number=1001');
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([502, 'SHOP_UNAUTHORIZED']);
    expect((await call(t.app, staff, { url: '/v2/api/shops' })).json()).toMatchObject({
      shops: [{ state: 'failing', lastError: expect.any(String) as string }],
    });
    expect((await lookUp(staff, 'number=1001')).statusCode).toBe(200);
    expect((await call(t.app, staff, { url: '/v2/api/shops' })).json()).toMatchObject({
      shops: [{ state: 'ok', lastError: null }],
    });
  });

  it('reads a Shopify shop’s orders through the same route', async () => {
    const response = await lookUp(shopifyAdmin, 'number=1002');
    expect(response.json()).toMatchObject({
      shop: { kind: 'shopify', shop: SHOP },
      orders: [{ number: '#1002', adminUrl: `https://${SHOP}/admin/orders/5001` }],
    });
  });

  it('is a 404 for a store without a shop', async () => {
    expect((await lookUp(otherAdmin, 'number=1001')).statusCode).toBe(404);
  });
});

describe('disconnecting', () => {
  it('removes the connection and records it in the audit log', async () => {
    const [shop] = (await call(t.app, admin, { url: '/v2/api/shops' })).json<{ shops: { id: number }[] }>()
      .shops;
    expect(
      (await call(t.app, staff, { method: 'DELETE', url: `/v2/api/shops/${String(shop?.id)}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/v2/api/shops/${String(shop?.id)}` })).statusCode,
    ).toBe(204);
    expect((await call(t.app, admin, { url: '/v2/api/shops' })).json()).toEqual({ shops: [] });
    const audit = await call(t.app, admin, { url: '/v2/api/audit-log?action=shop.disconnected' });
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('"action":"shop.disconnected"');
    expect(audit.body).toContain(woo.origin);
  });
});
