import { shopCall, type ShopHttpOptions } from './shop-http';
import { ShopError, type ShopClient, type ShopOrder } from './shop-order';

export interface WooCommerceConnection {
  /** The shop's address, e.g. https://shop.example.com (no trailing slash). */
  url: string;
  consumerKey: string;
  consumerSecret: string;
}

interface WooAddress {
  first_name?: string;
  last_name?: string;
  address_1?: string;
  address_2?: string;
  postcode?: string;
  city?: string;
  country?: string;
  email?: string;
  phone?: string;
}
interface WooOrder {
  id: number;
  number: string;
  date_created_gmt: string;
  currency: string;
  total?: string;
  billing?: WooAddress;
  shipping?: WooAddress;
  line_items?: { name: string; sku?: string; quantity: number; price?: number | string }[];
}

/** A page of orders asked for at once (WooCommerce allows up to 100). */
const PAGE = 25;

const nameOf = (a: WooAddress | undefined) =>
  [a?.first_name, a?.last_name].filter(Boolean).join(' ').trim() || null;
const linesOf = (a: WooAddress | undefined): string[] =>
  a
    ? [a.address_1, a.address_2, [a.postcode, a.city].filter(Boolean).join(' '), a.country]
        .map((line) => line?.trim() ?? '')
        .filter((line) => line !== '')
    : [];
const hasAddress = (a: WooAddress | undefined) => linesOf(a).length > 0;

export function wooOrder(shopUrl: string, order: WooOrder): ShopOrder {
  const address = hasAddress(order.shipping) ? order.shipping : order.billing;
  return {
    id: String(order.id),
    number: order.number,
    // WooCommerce's GMT dates carry no zone mark.
    placedAt: order.date_created_gmt.endsWith('Z') ? order.date_created_gmt : `${order.date_created_gmt}Z`,
    deliveredAt: null,
    currency: order.currency,
    total: order.total ?? null,
    customer: {
      name: nameOf(order.shipping) ?? nameOf(order.billing),
      email: order.billing?.email || null,
      phone: order.billing?.phone || order.shipping?.phone || null,
      address: linesOf(address),
    },
    lines: (order.line_items ?? []).map((line) => ({
      product: line.name,
      sku: line.sku || null,
      quantity: line.quantity,
      unitPrice: line.price === undefined ? null : Number(line.price).toFixed(2),
    })),
    adminUrl: `${shopUrl}/wp-admin/post.php?post=${String(order.id)}&action=edit`,
  };
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * WooCommerce's REST API v3 for one shop, with the REST API keys the shop granted (basic
 * authentication over HTTPS, as WooCommerce documents it).
 */
export function wooCommerceClient(connection: WooCommerceConnection, http: ShopHttpOptions): ShopClient {
  const base = `${connection.url.replace(/\/+$/, '')}/wp-json/wc/v3`;
  const authorization = `Basic ${Buffer.from(`${connection.consumerKey}:${connection.consumerSecret}`).toString('base64')}`;

  async function get(path: string) {
    const answer = await shopCall(
      { method: 'GET', url: `${base}${path}`, headers: { authorization }, safeToRepeat: true },
      http,
    );
    return answer;
  }

  async function search(term: string, limit: number, keep: (o: WooOrder) => boolean): Promise<ShopOrder[]> {
    const found: ShopOrder[] = [];
    for (let page = 1; found.length < limit; page += 1) {
      const query = new URLSearchParams({
        search: term,
        per_page: String(PAGE),
        page: String(page),
        orderby: 'date',
        order: 'desc',
      });
      const answer = await get(`/orders?${query.toString()}`);
      if (answer.status !== 200 || !Array.isArray(answer.body))
        throw new ShopError('unavailable', `WooCommerce answered ${String(answer.status)}`);
      const orders = answer.body as WooOrder[];
      found.push(...orders.filter(keep).map((o) => wooOrder(connection.url, o)));
      const pages = Number(answer.headers['x-wp-totalpages'] ?? 1);
      if (orders.length === 0 || page >= pages) break;
    }
    return found.slice(0, limit);
  }

  return {
    async check() {
      const answer = await get('/orders?per_page=1');
      if (answer.status !== 200 || !Array.isArray(answer.body))
        throw new ShopError(
          'unavailable',
          `This is no WooCommerce shop: it answered ${String(answer.status)}`,
        );
    },
    async orderByNumber(number) {
      const wanted = number.trim().replace(/^#/, '');
      if (/^\d+$/.test(wanted)) {
        const answer = await get(`/orders/${wanted}`);
        if (answer.status === 200) {
          const order = answer.body as WooOrder;
          if (order.number === wanted) return wooOrder(connection.url, order);
        } else if (answer.status !== 404) {
          throw new ShopError('unavailable', `WooCommerce answered ${String(answer.status)}`);
        }
      }
      // A shop whose order numbers are not its ids (a sequential-numbers plugin).
      const found = await search(wanted, 5, (o) => o.number === wanted);
      return found[0] ?? null;
    },
    async ordersOfCustomer(who, limit) {
      const email = who.email?.trim().toLowerCase();
      const phone = who.phone ? digits(who.phone) : '';
      if (!email && !phone) return [];
      const keep = (o: WooOrder) =>
        (email !== undefined && email !== '' && o.billing?.email?.toLowerCase() === email) ||
        (phone !== '' &&
          [o.billing?.phone, o.shipping?.phone].some((p) => p && digits(p).endsWith(phone.slice(-8))));
      const byEmail = email ? await search(email, limit, keep) : [];
      if (byEmail.length >= limit || !phone) return byEmail;
      // WooCommerce searches the stored text: the number's last eight digits match it however
      // it was written ("+47 912 34 567", "91234567").
      const byPhone = await search(phone.slice(-8), limit, keep);
      const seen = new Set(byEmail.map((o) => o.id));
      return [...byEmail, ...byPhone.filter((o) => !seen.has(o.id))]
        .sort((a, b) => b.placedAt.localeCompare(a.placedAt))
        .slice(0, limit);
    },
  };
}
