/**
 * A shop's order as Claimdesk reads it, whatever the shop system: what a claim needs from it (the
 * purchase and delivery dates, the customer, the lines). Each shop system's client turns its own
 * answer into this, so the case screens and the routes know one shape.
 */
export interface ShopOrderLine {
  product: string;
  sku: string | null;
  quantity: number;
  /** The price of one, in the order's currency, as a decimal string ("199.00"). */
  unitPrice: string | null;
}

export interface ShopOrderCustomer {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The shipping (or else billing) address as lines to show. */
  address: string[];
}

export interface ShopOrder {
  /** The shop's own id of the order (Shopify's GID, WooCommerce's number id). */
  id: string;
  /** The order number the customer sees ("#1001", "1001"). */
  number: string;
  /** When it was placed (ISO 8601). */
  placedAt: string;
  /** When it was delivered where the shop knows it (ISO 8601), else null. */
  deliveredAt: string | null;
  currency: string;
  total: string | null;
  customer: ShopOrderCustomer;
  lines: ShopOrderLine[];
  /** Where staff open it in the shop's admin. */
  adminUrl: string;
}

/** The order look-ups every shop system answers (one file per system implements them). */
export interface ShopClient {
  /** Whether the shop answers with these credentials (throws a ShopError when not). */
  check(): Promise<void>;
  /** The order with this number, or null when the shop has none. */
  orderByNumber(number: string): Promise<ShopOrder | null>;
  /** The customer's orders, newest first, at most `limit`. */
  ordersOfCustomer(who: { email?: string; phone?: string }, limit: number): Promise<ShopOrder[]>;
}

/**
 * Why a shop call failed, as the case screen tells it: `unauthorized` (the token or keys were
 * revoked or expired), `timeout` (no answer in time), `unavailable` (the shop answered with an
 * error or could not be reached), `rate-limited` (still throttled after the retries).
 */
export type ShopErrorKind = 'unauthorized' | 'timeout' | 'unavailable' | 'rate-limited';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}
