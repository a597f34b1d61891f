// Issue 37 point 8's figure: what an order look-up through Claimdesk adds to the shop's own answer
// time. A local stand-in of WooCommerce's REST API answers after a set latency; the same order is
// asked for directly (one HTTP GET with the shop's keys, as the client makes it) and through the
// API (GET /v2/api/shop-orders, through Fastify's inject: auth, the connection read and its keys
// opened, the client, the answer's schema), alternating. Target: API ≤ the shop + 20 ms. Prints
// milliseconds; asserts nothing. PGlite by default; PostgreSQL with DATABASE_URL.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { call, signIn } from '../packages/server/test/helpers/api';
import { createStore, createUser } from '../packages/server/test/helpers/factories';
import { createTestApp } from '../packages/server/test/helpers/test-app';
import { ordersOf, startWooCommerceStandIn } from '../packages/server/test/stand-ins/shop-stand-ins';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_SHOP_LATENCY_MS ?? 40);

const woo = await startWooCommerceStandIn('ck_bench', 'cs_bench');
// WooCommerce's own numbering: an order's number is its id, found with one GET.
woo.orders = ordersOf(50, 5000);
const t = await createTestApp({ SHOPS_ALLOW_PRIVATE_ADDRESSES: 'true' });
const store = await createStore(t.db);
const admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
const connected = await call(t.app, admin, {
  method: 'POST',
  url: '/v2/api/shops/woocommerce',
  body: { url: woo.origin, consumerKey: 'ck_bench', consumerSecret: 'cs_bench' },
});
if (connected.statusCode !== 200) throw new Error(`connect failed: ${connected.body}`);
woo.latencyMs = LATENCY_MS;

const authorization = `Basic ${Buffer.from('ck_bench:cs_bench').toString('base64')}`;
const direct = () =>
  new Promise<void>((resolve, reject) => {
    request(`${woo.origin}/wp-json/wc/v3/orders/5002`, { headers: { authorization } }, (response) => {
      response.resume();
      response.on('end', resolve);
    })
      .on('error', reject)
      .end();
  });
const viaApi = async () => {
  const response = await call(t.app, admin, { url: '/v2/api/shop-orders?number=5002' });
  if (response.statusCode !== 200) throw new Error(response.body);
};

const time = async (work: () => Promise<void>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const shopTimes: number[] = [];
const apiTimes: number[] = [];
for (let i = 0; i < 20; i++) await viaApi(); // warm-up
for (let i = 0; i < ROUNDS; i++) {
  shopTimes.push(await time(direct));
  apiTimes.push(await time(viaApi));
}
const pct = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)] ?? 0;
const row = (label: string, list: number[]) =>
  `  ${label.padEnd(36)} p50 ${pct(list, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(list, 0.95).toFixed(1).padStart(6)} ms`;
console.log(
  `shop order look-up: ${String(ROUNDS)} rounds, the shop answering after ${String(LATENCY_MS)} ms`,
);
console.log(row('the shop itself (one GET)', shopTimes));
console.log(row('through Claimdesk (GET /shop-orders)', apiTimes));
const added = pct(apiTimes, 0.5) - pct(shopTimes, 0.5);
console.log(
  `  added by Claimdesk at p50: ${added.toFixed(1)} ms (target ≤ 20 ms) ${added <= 20 ? 'PASS' : 'OVER'}`,
);
await t.close();
await woo.stop();
