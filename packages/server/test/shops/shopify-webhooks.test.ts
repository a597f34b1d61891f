// Shopify's webhooks (issue 37 point 1): app/uninstalled and the three privacy topics every app
// must take, signed over the raw body with the app's secret; a wrong signature changes nothing.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { insertShopConnection } from '../../src/modules/shops/shop-connections.repository';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SHOP = 'fjord-gear.myshopify.com';
const SECRET = 'shpss_webhook_secret';

let t: TestApp;
let admin: Session;
let caseId: number;

const hook = (topic: string, payload: unknown, options: { shop?: string; signature?: string } = {}) => {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/v2/shopify/webhooks',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': options.shop ?? SHOP,
      'x-shopify-hmac-sha256':
        options.signature ?? createHmac('sha256', SECRET).update(body).digest('base64'),
    },
    payload: body,
  });
};
const shops = async () =>
  (await call(t.app, admin, { url: '/v2/api/shops' })).json<{ shops: unknown[] }>().shops;
const audit = async (action: string) =>
  (await call(t.app, admin, { url: `/v2/api/audit-log?action=${action}` })).body;

beforeAll(async () => {
  t = await createTestApp({ SHOPIFY_API_KEY: 'app-key', SHOPIFY_API_SECRET: SECRET });
  const store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  await insertShopConnection(forTenant(t.db, store.tenantId), {
    kind: 'shopify',
    shop: SHOP,
    secretEncrypted: t.app.deps.secrets.seal(store.tenantId, JSON.stringify({ accessToken: 'shpat_x' })),
  });
  const made = await createCase(t.db, store.tenantId, {
    customerName: 'Kari Nordmann',
    customerEmail: 'kari@example.com',
  });
  caseId = made.id;
}, 60_000);

afterAll(() => t.close());

describe('Shopify webhooks', () => {
  it('refuses a body not signed with the app’s secret, and does nothing', async () => {
    const forged = await hook(
      'app/uninstalled',
      { id: 1 },
      { signature: createHmac('sha256', 'wrong').update('{}').digest('base64') },
    );
    expect(forged.statusCode).toBe(401);
    expect((await hook('app/uninstalled', { id: 1 }, { signature: '' })).statusCode).toBe(401);
    expect(await shops()).toHaveLength(1);
  });

  it('records a customer’s data request for the store’s administrators', async () => {
    const response = await hook('customers/data_request', {
      shop_domain: SHOP,
      customer: { id: 7, email: 'kari@example.com', phone: '+4791234567' },
      orders_requested: [299938],
    });
    expect(response.json()).toEqual({ done: 'recorded' });
    const entries = await audit('customer.data_requested');
    expect(entries).toContain('kari@example.com');
    expect(entries).toContain('"actor":"shopify"');
  });

  it('erases a customer the shop asks to erase, as the store’s own erase does', async () => {
    const response = await hook('customers/redact', {
      shop_domain: SHOP,
      customer: { id: 7, email: 'Kari@Example.com', phone: '+4791234567' },
      orders_to_redact: [299938],
    });
    expect(response.json()).toEqual({ done: 'erased' });
    const erased = await call(t.app, admin, { url: `/v2/api/claims/${String(caseId)}` });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).not.toContain('Kari Nordmann');
    expect(erased.body).not.toContain('kari@example.com');
  });

  it('takes an unknown topic and a shop no store has without acting', async () => {
    expect((await hook('orders/create', { id: 1 })).json()).toEqual({ done: 'topic not taken' });
    expect((await hook('app/uninstalled', { id: 1 }, { shop: 'nobody.myshopify.com' })).json()).toEqual({
      done: 'no store has this shop',
    });
    expect(await shops()).toHaveLength(1);
  });

  it('disconnects the shop when the app is removed, and keeps the cases', async () => {
    expect((await hook('app/uninstalled', { id: 1, domain: SHOP })).json()).toEqual({ done: 'disconnected' });
    expect(await shops()).toEqual([]);
    expect((await call(t.app, admin, { url: `/v2/api/claims/${String(caseId)}` })).statusCode).toBe(200);
    expect(await audit('shop.disconnected')).toContain(SHOP);
    // Shopify's shop/redact, 48 hours later, finds nothing left to remove.
    expect((await hook('shop/redact', { shop_domain: SHOP })).json()).toEqual({
      done: 'no store has this shop',
    });
  });
});
