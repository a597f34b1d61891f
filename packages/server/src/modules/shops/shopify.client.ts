import { shopCall, type ShopHttpOptions } from './shop-http';
import { ShopError, type ShopClient, type ShopOrder } from './shop-order';

/** The Admin API version Claimdesk speaks (Shopify keeps each for a year). */
export const SHOPIFY_API_VERSION = '2025-10';

/** A shop's own host: `<name>.myshopify.com`, the only form Shopify gives an app. */
export const SHOPIFY_SHOP = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;

export interface ShopifyConnection {
  shop: string;
  accessToken: string;
}

export interface ShopifyEndpoints {
  /**
   * Where a shop's Admin API answers, with `{shop}` for its host: `https://{shop}` (a test's stand-in
   * of Shopify sets its own).
   */
  adminOrigin: string;
}

/** A page of orders asked for at once; Shopify allows up to 250, a claim needs the newest. */
const PAGE = 25;

const ORDER_FIELDS = `
  id name createdAt currencyCode email phone
  totalPriceSet { shopMoney { amount } }
  customer { displayName email phone }
  shippingAddress { name address1 address2 zip city country phone }
  billingAddress { name address1 address2 zip city country phone }
  fulfillments(first: 10) { deliveredAt }
  lineItems(first: 50) { nodes { title sku quantity originalUnitPriceSet { shopMoney { amount } } } }`;

const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Money {
  shopMoney?: { amount?: string | null } | null;
}
interface Address {
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
  phone?: string | null;
}
interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  currencyCode: string;
  email?: string | null;
  phone?: string | null;
  totalPriceSet?: Money | null;
  customer?: { displayName?: string | null; email?: string | null; phone?: string | null } | null;
  shippingAddress?: Address | null;
  billingAddress?: Address | null;
  fulfillments?: { deliveredAt?: string | null }[] | null;
  lineItems?: {
    nodes?: { title: string; sku?: string | null; quantity: number; originalUnitPriceSet?: Money | null }[];
  } | null;
}
interface OrdersAnswer {
  data?: {
    orders?: { nodes: OrderNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

/** A value in Shopify's search syntax, quoted. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

const addressLines = (a: Address | null | undefined): string[] =>
  a
    ? [a.address1, a.address2, [a.zip, a.city].filter(Boolean).join(' '), a.country]
        .map((line) => line?.trim() ?? '')
        .filter((line) => line !== '')
    : [];

/** The latest delivery of the order's shipments, when every one was delivered. */
function deliveredAt(node: OrderNode): string | null {
  const dates = (node.fulfillments ?? []).map((f) => f.deliveredAt ?? null);
  if (dates.length === 0 || dates.some((d) => d === null)) return null;
  return (dates as string[]).sort().at(-1) ?? null;
}

export function shopifyOrder(shop: string, node: OrderNode): ShopOrder {
  const address = node.shippingAddress ?? node.billingAddress;
  return {
    id: node.id,
    number: node.name,
    placedAt: node.createdAt,
    deliveredAt: deliveredAt(node),
    currency: node.currencyCode,
    total: node.totalPriceSet?.shopMoney?.amount ?? null,
    customer: {
      name: node.customer?.displayName ?? address?.name ?? null,
      email: node.email ?? node.customer?.email ?? null,
      phone: node.phone ?? node.customer?.phone ?? address?.phone ?? null,
      address: addressLines(address),
    },
    lines: (node.lineItems?.nodes ?? []).map((line) => ({
      product: line.title,
      sku: line.sku || null,
      quantity: line.quantity,
      unitPrice: line.originalUnitPriceSet?.shopMoney?.amount ?? null,
    })),
    adminUrl: `https://${shop}/admin/orders/${node.id.split('/').at(-1) ?? ''}`,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Shopify's Admin GraphQL API for one shop. A throttled query (Shopify answers 200 with a
 * THROTTLED error and the bucket's state) waits until the bucket holds the query's cost, then
 * tries again, up to the attempts of `http`.
 */
export function shopifyClient(
  connection: ShopifyConnection,
  endpoints: ShopifyEndpoints,
  http: ShopHttpOptions,
): ShopClient {
  const url = `${endpoints.adminOrigin.replace('{shop}', connection.shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

  async function ordersPage(query: string, first: number, after: string | null) {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await shopCall(
        {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'x-shopify-access-token': connection.accessToken },
          body: JSON.stringify({ query: ORDERS_QUERY, variables: { first, after, query } }),
          safeToRepeat: true,
        },
        http,
      );
      if (answer.status === 404) throw new ShopError('unavailable', 'The shop no longer exists at Shopify');
      if (answer.status !== 200)
        throw new ShopError('unavailable', `Shopify answered ${String(answer.status)}`);
      const body = answer.body as OrdersAnswer;
      const throttled = body.errors?.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        if (attempt >= http.attempts)
          throw new ShopError('rate-limited', 'Shopify is limiting requests; try again shortly');
        const cost = body.extensions?.cost;
        const missing = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
        const rate = cost?.throttleStatus?.restoreRate ?? 50;
        await sleep(Math.min(http.maxWaitMs, Math.max(100, (missing / rate) * 1000)));
        continue;
      }
      if (body.errors?.length || !body.data?.orders)
        throw new ShopError(
          'unavailable',
          `Shopify refused the query: ${body.errors?.[0]?.message ?? 'no data'}`,
        );
      return body.data.orders;
    }
  }

  async function search(query: string, limit: number): Promise<ShopOrder[]> {
    const found: ShopOrder[] = [];
    let after: string | null = null;
    while (found.length < limit) {
      const page = await ordersPage(query, Math.min(PAGE, limit - found.length), after);
      found.push(...page.nodes.map((node) => shopifyOrder(connection.shop, node)));
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
      after = page.pageInfo.endCursor;
    }
    return found;
  }

  return {
    async check() {
      await ordersPage('name:"#0"', 1, null);
    },
    async orderByNumber(number) {
      const name = number.trim().replace(/^#/, '');
      const orders = await search(`name:${quoted(`#${name}`)}`, 5);
      return orders.find((o) => o.number.replace(/^#/, '') === name) ?? null;
    },
    async ordersOfCustomer(who, limit) {
      const terms = [
        who.email ? `email:${quoted(who.email)}` : null,
        who.phone ? `phone:${quoted(who.phone)}` : null,
      ].filter((t): t is string => t !== null);
      if (terms.length === 0) return [];
      return search(terms.join(' OR '), limit);
    },
  };
}
