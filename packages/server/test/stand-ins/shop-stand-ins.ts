/**
 * Local stand-ins of Shopify's Admin GraphQL API and WooCommerce's REST API v3, answering the calls
 * Claimdesk's shop clients make as the two documentations describe them: Shopify's orders
 * connection with its search syntax, cursor pages and cost-based throttling (200 with a THROTTLED
 * error and the bucket's state); WooCommerce's orders with `search`, `page`/`per_page` and the
 * X-WP-TotalPages header, basic authentication, and 429 with Retry-After. Tests set what the next
 * answers are (a throttle, a 5xx, a slow answer) and count the requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInOrder {
  /** Shopify: numeric id; WooCommerce: the post id. */
  id: number;
  /** Shopify: "#1001"; WooCommerce: "1001" (or a plugin's own). */
  number: string;
  createdAt: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address1: string;
  zip: string;
  city: string;
  country: string;
  deliveredAt: string | null;
  lines: { title: string; sku: string; quantity: number; price: string }[];
}

interface Script {
  /** Answers to give before the normal one, in order: a status, a throttle, or a delay. */
  next: (
    | { kind: 'status'; status: number; retryAfter?: string }
    | { kind: 'throttle' }
    | { kind: 'delay'; ms: number }
  )[];
}

export interface ShopStandIn {
  origin: string;
  orders: StandInOrder[];
  /** Requests received, with their paths. */
  requests: { method: string; path: string; body: string }[];
  script: Script;
  /** A wait before every answer, as a shop far away takes (0 by default). */
  latencyMs: number;
  stop: () => Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

async function start(
  handle: (request: IncomingMessage, body: string, response: ServerResponse, standIn: ShopStandIn) => void,
): Promise<ShopStandIn> {
  const standIn: ShopStandIn = {
    origin: '',
    orders: [],
    requests: [],
    script: { next: [] },
    latencyMs: 0,
    stop: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      standIn.requests.push({ method: request.method ?? '', path: request.url ?? '', body });
      if (standIn.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.latencyMs));
      const step = standIn.script.next.shift();
      if (step?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, step.ms));
      if (step?.kind === 'status') {
        json(
          response,
          step.status,
          { errors: 'scripted' },
          step.retryAfter ? { 'retry-after': step.retryAfter } : {},
        );
        return;
      }
      if (step?.kind === 'throttle') {
        json(response, 200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
          extensions: {
            cost: {
              requestedQueryCost: 72,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 62, restoreRate: 100 },
            },
          },
        });
        return;
      }
      if (!response.destroyed) handle(request, body, response, standIn);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  standIn.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/** Shopify's search syntax as the clients use it: `field:"value"` terms joined by OR. */
function shopifyMatches(order: StandInOrder, query: string): boolean {
  const terms = [...query.matchAll(/(\w+):"((?:[^"\\]|\\.)*)"/g)].map((m) => [
    m[1],
    m[2]?.replace(/\\(.)/g, '$1'),
  ]);
  return terms.some(([field, value]) => {
    if (field === 'name') return order.number === value;
    if (field === 'email') return order.email.toLowerCase() === value?.toLowerCase();
    if (field === 'phone') return order.phone === value;
    return false;
  });
}

const shopifyNode = (o: StandInOrder) => {
  const address = {
    name: `${o.firstName} ${o.lastName}`,
    address1: o.address1,
    address2: null,
    zip: o.zip,
    city: o.city,
    country: o.country,
    phone: o.phone,
  };
  return {
    id: `gid://shopify/Order/${String(o.id)}`,
    name: o.number,
    createdAt: o.createdAt,
    currencyCode: 'NOK',
    email: o.email,
    phone: o.phone,
    totalPriceSet: {
      shopMoney: { amount: o.lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0).toFixed(2) },
    },
    customer: { displayName: `${o.firstName} ${o.lastName}`, email: o.email, phone: o.phone },
    shippingAddress: address,
    billingAddress: address,
    fulfillments: o.deliveredAt ? [{ deliveredAt: o.deliveredAt }] : [],
    lineItems: {
      nodes: o.lines.map((l) => ({
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        originalUnitPriceSet: { shopMoney: { amount: l.price } },
      })),
    },
  };
};

/** The app a Shopify stand-in knows, and the codes it handed out (each good once). */
export interface ShopifyApp {
  clientId: string;
  clientSecret: string;
  codes: Set<string>;
}

/**
 * Shopify: `POST /{shop}/admin/api/{version}/graphql.json` with X-Shopify-Access-Token, and
 * `POST /{shop}/admin/oauth/access_token` exchanging a code the app was given for `accessToken`.
 */
export function startShopifyStandIn(
  shop: string,
  accessToken: string,
  oauth?: ShopifyApp,
): Promise<ShopStandIn> {
  return start((request, body, response, standIn) => {
    if (request.method === 'POST' && request.url === `/${shop}/admin/oauth/access_token`) {
      const asked = JSON.parse(body) as { client_id?: string; client_secret?: string; code?: string };
      const good =
        oauth &&
        asked.client_id === oauth.clientId &&
        asked.client_secret === oauth.clientSecret &&
        asked.code !== undefined &&
        oauth.codes.delete(asked.code);
      if (good) json(response, 200, { access_token: accessToken, scope: 'read_orders,read_customers' });
      else
        json(response, 400, {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      return;
    }
    if (
      request.method !== 'POST' ||
      !/^\/[^/]+\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(request.url ?? '')
    ) {
      json(response, 404, { errors: 'Not Found' });
      return;
    }
    if (!request.url?.startsWith(`/${shop}/`)) {
      json(response, 404, { errors: 'Not Found' });
      return;
    }
    if (request.headers['x-shopify-access-token'] !== accessToken) {
      json(response, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
      return;
    }
    const { query, variables } = JSON.parse(body) as {
      query: string;
      variables: { first: number; after: string | null; query: string };
    };
    if (!query.includes('orders(')) {
      json(response, 200, { errors: [{ message: 'Field is not supported by the stand-in' }] });
      return;
    }
    const matching = standIn.orders
      .filter((o) => shopifyMatches(o, variables.query))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const from = variables.after ? Number(Buffer.from(variables.after, 'base64').toString()) : 0;
    const page = matching.slice(from, from + variables.first);
    const end = from + page.length;
    json(response, 200, {
      data: {
        orders: {
          nodes: page.map(shopifyNode),
          pageInfo: {
            hasNextPage: end < matching.length,
            endCursor: page.length ? Buffer.from(String(end)).toString('base64') : null,
          },
        },
      },
      extensions: {
        cost: {
          requestedQueryCost: 72,
          actualQueryCost: 12,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1988, restoreRate: 100 },
        },
      },
    });
  });
}

const wooOrder = (o: StandInOrder) => {
  const address = {
    first_name: o.firstName,
    last_name: o.lastName,
    address_1: o.address1,
    address_2: '',
    postcode: o.zip,
    city: o.city,
    country: o.country,
  };
  return {
    id: o.id,
    number: o.number,
    status: 'completed',
    currency: 'NOK',
    date_created_gmt: o.createdAt.replace(/\.\d+Z$|Z$/, ''),
    total: o.lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0).toFixed(2),
    billing: { ...address, email: o.email, phone: o.phone },
    shipping: { ...address, phone: '' },
    line_items: o.lines.map((l, i) => ({
      id: i + 1,
      name: l.title,
      sku: l.sku,
      quantity: l.quantity,
      price: Number(l.price),
    })),
  };
};

/** WooCommerce: `GET /wp-json/wc/v3/orders[/id]` with basic authentication by the REST API keys. */
export function startWooCommerceStandIn(consumerKey: string, consumerSecret: string): Promise<ShopStandIn> {
  const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
  return start((request, _body, response, standIn) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.headers.authorization !== expected) {
      json(response, 401, {
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      });
      return;
    }
    const one = /^\/wp-json\/wc\/v3\/orders\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const order = standIn.orders.find((o) => o.id === Number(one[1]));
      if (!order)
        json(response, 404, {
          code: 'woocommerce_rest_shop_order_invalid_id',
          message: 'Invalid ID.',
          data: { status: 404 },
        });
      else json(response, 200, wooOrder(order));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/wp-json/wc/v3/orders') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      // WooCommerce's search looks through the order's addresses, email and phone and its number.
      const matching = standIn.orders
        .filter((o) =>
          [o.number, o.email, o.phone, o.firstName, o.lastName, o.address1, o.city].some((f) =>
            f.toLowerCase().includes(search),
          ),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const pages = Math.max(1, Math.ceil(matching.length / perPage));
      json(response, 200, matching.slice((page - 1) * perPage, page * perPage).map(wooOrder), {
        'x-wp-total': String(matching.length),
        'x-wp-totalpages': String(pages),
      });
      return;
    }
    json(response, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
}

/** Orders for a test: `count` of one customer, newest last, the first one delivered. */
export function ordersOf(count: number, start = 1001, email = 'kari@example.com'): StandInOrder[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 5000 + i,
    number: String(start + i),
    createdAt: new Date(Date.UTC(2026, 0, 1 + i, 10)).toISOString(),
    email,
    phone: '+4791234567',
    firstName: 'Kari',
    lastName: 'Nordmann',
    address1: 'Storgata 1',
    zip: '0155',
    city: 'Oslo',
    country: 'Norway',
    deliveredAt: i === 0 ? new Date(Date.UTC(2026, 0, 4, 12)).toISOString() : null,
    lines: [
      { title: 'Espresso machine', sku: 'ESP-100', quantity: 1, price: '4999.00' },
      { title: 'Milk jug', sku: 'JUG-2', quantity: 2, price: '149.50' },
    ],
  }));
}
