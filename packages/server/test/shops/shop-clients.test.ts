// The shop clients against local stand-ins of Shopify's Admin GraphQL API and WooCommerce's REST
// API v3: order look-ups, pages, throttling and rate limits, errors and time-outs (issue 37).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopHttpOptions } from '../../src/modules/shops/shop-http';
import { ShopError } from '../../src/modules/shops/shop-order';
import { shopifyClient } from '../../src/modules/shops/shopify.client';
import { wooCommerceClient } from '../../src/modules/shops/woocommerce.client';
import {
  ordersOf,
  startShopifyStandIn,
  startWooCommerceStandIn,
  type ShopStandIn,
} from '../stand-ins/shop-stand-ins';

const HTTP: ShopHttpOptions = { timeoutMs: 400, attempts: 3, baseWaitMs: 20, maxWaitMs: 200 };
const SHOP = 'nordic-kitchen.myshopify.com';
const TOKEN = 'shpat_test_token';

const kindOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return error instanceof ShopError ? error.kind : String(error);
  }
};

describe('Shopify client', () => {
  let shopify: ShopStandIn;
  const client = (token = TOKEN) =>
    shopifyClient({ shop: SHOP, accessToken: token }, { adminOrigin: `${shopify.origin}/{shop}` }, HTTP);

  beforeAll(async () => {
    shopify = await startShopifyStandIn(SHOP, TOKEN);
  });
  afterAll(() => shopify.stop());
  beforeEach(() => {
    shopify.orders = ordersOf(30, 1001).map((o) => ({ ...o, number: `#${o.number}` }));
    shopify.requests.length = 0;
    shopify.script.next = [];
  });

  it('finds an order by its number, with or without #, as a claim needs it', async () => {
    const order = await client().orderByNumber('1001');
    expect(order).toMatchObject({
      id: 'gid://shopify/Order/5000',
      number: '#1001',
      placedAt: '2026-01-01T10:00:00.000Z',
      deliveredAt: '2026-01-04T12:00:00.000Z',
      currency: 'NOK',
      total: '5298.00',
      customer: {
        name: 'Kari Nordmann',
        email: 'kari@example.com',
        phone: '+4791234567',
        address: ['Storgata 1', '0155 Oslo', 'Norway'],
      },
      lines: [
        { product: 'Espresso machine', sku: 'ESP-100', quantity: 1, unitPrice: '4999.00' },
        { product: 'Milk jug', sku: 'JUG-2', quantity: 2, unitPrice: '149.50' },
      ],
      adminUrl: `https://${SHOP}/admin/orders/5000`,
    });
    expect((await client().orderByNumber('#1002'))?.deliveredAt).toBeNull();
    expect(JSON.parse(shopify.requests[0]?.body ?? '{}')).toMatchObject({
      variables: { query: 'name:"#1001"' },
    });
  });

  it('answers null for an order the shop does not have', async () => {
    expect(await client().orderByNumber('9999')).toBeNull();
  });

  it("lists a customer's orders newest first, page after page up to the limit", async () => {
    const orders = await client().ordersOfCustomer({ email: 'KARI@example.com' }, 28);
    expect(orders).toHaveLength(28);
    expect(orders[0]?.number).toBe('#1030');
    expect(orders.at(-1)?.number).toBe('#1003');
    expect(shopify.requests).toHaveLength(2);
    expect(await client().ordersOfCustomer({ phone: '+4791234567' }, 5)).toHaveLength(5);
    expect(await client().ordersOfCustomer({ email: 'nobody@example.com' }, 5)).toEqual([]);
  });

  it('waits out a throttled query and asks again', async () => {
    shopify.script.next = [{ kind: 'throttle' }];
    expect((await client().orderByNumber('1001'))?.number).toBe('#1001');
    expect(shopify.requests).toHaveLength(2);
  });

  it('gives up with rate-limited when every try is throttled', async () => {
    shopify.script.next = [{ kind: 'throttle' }, { kind: 'throttle' }, { kind: 'throttle' }];
    expect(await kindOf(client().orderByNumber('1001'))).toBe('rate-limited');
    expect(shopify.requests).toHaveLength(3);
  });

  it('tries a read again after a 5xx, and says unavailable when it lasts', async () => {
    shopify.script.next = [{ kind: 'status', status: 502 }];
    expect((await client().orderByNumber('1001'))?.number).toBe('#1001');
    shopify.script.next = [503, 503, 503].map((status) => ({ kind: 'status' as const, status }));
    expect(await kindOf(client().orderByNumber('1001'))).toBe('unavailable');
  });

  it('says unauthorized for a revoked token, without trying again', async () => {
    expect(await kindOf(client('shpat_revoked').orderByNumber('1001'))).toBe('unauthorized');
    expect(shopify.requests).toHaveLength(1);
  });

  it('stops waiting at the time limit', async () => {
    shopify.script.next = [1, 2, 3].map(() => ({ kind: 'delay' as const, ms: 1500 }));
    const started = Date.now();
    expect(await kindOf(client().orderByNumber('1001'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500 * 3);
  });
});

describe('WooCommerce client', () => {
  let woo: ShopStandIn;
  const client = (secret = 'cs_secret') =>
    wooCommerceClient({ url: woo.origin, consumerKey: 'ck_key', consumerSecret: secret }, HTTP);

  beforeAll(async () => {
    woo = await startWooCommerceStandIn('ck_key', 'cs_secret');
  });
  afterAll(() => woo.stop());
  beforeEach(() => {
    woo.orders = ordersOf(30, 1001);
    woo.requests.length = 0;
    woo.script.next = [];
  });

  it('finds an order by its number through the search when numbers are not ids', async () => {
    const order = await client().orderByNumber('#1001');
    expect(order).toMatchObject({
      id: '5000',
      number: '1001',
      placedAt: '2026-01-01T10:00:00Z',
      deliveredAt: null,
      customer: {
        name: 'Kari Nordmann',
        email: 'kari@example.com',
        address: ['Storgata 1', '0155 Oslo', 'Norway'],
      },
      lines: [
        { product: 'Espresso machine', sku: 'ESP-100', quantity: 1, unitPrice: '4999.00' },
        { product: 'Milk jug', sku: 'JUG-2', quantity: 2, unitPrice: '149.50' },
      ],
      adminUrl: `${woo.origin}/wp-admin/post.php?post=5000&action=edit`,
    });
  });

  it('finds an order by its id when the number is the id, in one request', async () => {
    woo.orders = ordersOf(3, 5000);
    expect((await client().orderByNumber('5001'))?.number).toBe('5001');
    expect(woo.requests.map((r) => r.path)).toEqual(['/wp-json/wc/v3/orders/5001']);
    expect(await client().orderByNumber('7777')).toBeNull();
  });

  it("lists a customer's orders by email or phone, page after page", async () => {
    const orders = await client().ordersOfCustomer({ email: 'Kari@Example.com' }, 28);
    expect(orders).toHaveLength(28);
    expect(orders[0]?.number).toBe('1030');
    expect(woo.requests.filter((r) => r.path.includes('search='))).toHaveLength(2);
    expect(await client().ordersOfCustomer({ phone: '912 34 567' }, 3)).toHaveLength(3);
  });

  it('waits what Retry-After asks on a 429, then answers', async () => {
    woo.script.next = [{ kind: 'status', status: 429, retryAfter: '0' }];
    expect((await client().orderByNumber('1001'))?.number).toBe('1001');
  });

  it('says rate-limited, unauthorized and timeout plainly', async () => {
    woo.script.next = [1, 2, 3].map(() => ({ kind: 'status' as const, status: 429, retryAfter: '0' }));
    expect(await kindOf(client().orderByNumber('x1'))).toBe('rate-limited');
    expect(await kindOf(client('cs_wrong').orderByNumber('1001'))).toBe('unauthorized');
    woo.script.next = [1, 2, 3].map(() => ({ kind: 'delay' as const, ms: 1500 }));
    expect(await kindOf(client().orderByNumber('x1'))).toBe('timeout');
  });
});
