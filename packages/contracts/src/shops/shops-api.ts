import { z } from 'zod';
import { ZEmail, ZId, ZText } from '../common';

/** The shop systems a store can connect. */
export const SHOP_KINDS = ['shopify', 'woocommerce'] as const;
export const ZShopKind = z.enum(SHOP_KINDS);
export type TShopKind = z.infer<typeof ZShopKind>;

/** A store's connected shop, as the settings show it (never its credentials). */
export const ZShopConnection = z.object({
  id: ZId,
  kind: ZShopKind,
  /** Shopify: name.myshopify.com; WooCommerce: the shop's address. */
  shop: z.string(),
  /** ok, or failing when the shop last refused the credentials. */
  state: z.enum(['ok', 'failing']),
  lastError: z.string().nullable(),
  connectedAt: z.string(),
});
export type TShopConnection = z.infer<typeof ZShopConnection>;

/** GET /v2/api/shops (staff): the store's connected shops. */
export const ZShopConnectionsResponse = z.object({ shops: z.array(ZShopConnection) });
export type TShopConnectionsResponse = z.infer<typeof ZShopConnectionsResponse>;

/**
 * POST /v2/api/shops/woocommerce (administrators): connects a WooCommerce shop with REST API keys
 * the shop granted (read access). The keys are tried before anything is stored: a shop that does
 * not answer, or refuses them, is 400 on the field to fix.
 */
export const ZWooCommerceConnectRequest = z.object({
  url: ZText.trim()
    .max(500, 'At most 500 characters')
    .pipe(z.url({ protocol: /^https?$/, message: 'Must be the shop’s address, https://…' })),
  consumerKey: ZText.trim().min(1, 'Required').max(200, 'At most 200 characters'),
  consumerSecret: ZText.trim().min(1, 'Required').max(200, 'At most 200 characters'),
});
export type TWooCommerceConnectRequest = z.input<typeof ZWooCommerceConnectRequest>;

export const ZShopOrderLine = z.object({
  product: z.string(),
  sku: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.string().nullable(),
});
export type TShopOrderLine = z.infer<typeof ZShopOrderLine>;

export const ZShopOrder = z.object({
  id: z.string(),
  number: z.string(),
  placedAt: z.string(),
  deliveredAt: z.string().nullable(),
  currency: z.string(),
  total: z.string().nullable(),
  customer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.array(z.string()),
  }),
  lines: z.array(ZShopOrderLine),
  adminUrl: z.string(),
});
export type TShopOrder = z.infer<typeof ZShopOrder>;

/**
 * GET /v2/api/shop-orders (staff): the order with `number`, or the customer's newest orders by
 * `email` or `phone`, from the store's connected shop. No shop connected: 404. The shop refused
 * the credentials, did not answer in time, or is limiting requests: SHOP_UNAUTHORIZED,
 * SHOP_TIMEOUT, SHOP_RATE_LIMITED or SHOP_UNAVAILABLE.
 */
export const ZShopOrdersQuery = z
  .object({
    number: ZText.trim().min(1, 'Required').max(64, 'At most 64 characters').optional(),
    email: ZEmail.optional(),
    phone: ZText.trim()
      .max(40, 'At most 40 characters')
      .regex(/^\+?[\d\s().-]{4,}$/, 'Must be a phone number')
      .optional(),
  })
  .refine((q) => q.number !== undefined || q.email !== undefined || q.phone !== undefined, {
    message: 'Give an order number, an email or a phone number',
    path: ['number'],
  });
export type TShopOrdersQuery = z.input<typeof ZShopOrdersQuery>;

export const ZShopOrdersResponse = z.object({
  shop: z.object({ kind: ZShopKind, shop: z.string() }),
  orders: z.array(ZShopOrder),
});
export type TShopOrdersResponse = z.infer<typeof ZShopOrdersResponse>;

/** A shop's host as Shopify names it: `<name>.myshopify.com`. */
export const ZShopifyShop = ZText.trim()
  .toLowerCase()
  .max(100, 'At most 100 characters')
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Must be the shop’s name.myshopify.com');

/**
 * The query Shopify signs (an install link, an OAuth return): `shop`, `hmac`, `timestamp` and the
 * others Shopify documents, all part of the signature. A parameter not named here is dropped, and
 * the signature then fails: nothing unknown is acted on.
 */
const ZShopifyParam = ZText.max(2000, 'At most 2,000 characters').optional();
export const ZShopifySignedQuery = z.object({
  shop: ZShopifyParam,
  hmac: ZShopifyParam,
  timestamp: ZShopifyParam,
  host: ZShopifyParam,
  state: ZShopifyParam,
  code: ZShopifyParam,
  locale: ZShopifyParam,
  session: ZShopifyParam,
  embedded: ZShopifyParam,
  id_token: ZShopifyParam,
  /** The source's call names the shop as storeName too; it is not part of Shopify's signature. */
  storeName: ZShopifyParam,
});
export type TShopifySignedQuery = z.infer<typeof ZShopifySignedQuery>;

/** GET /v2/api/shops/shopify/authorize-url?shop= (administrators): where to grant the app access. */
export const ZShopifyAuthorizeQuery = z.object({ shop: ZShopifyShop });
export const ZShopifyAuthorizeResponse = z.object({ url: z.string() });
export type TShopifyAuthorizeResponse = z.infer<typeof ZShopifyAuthorizeResponse>;

/** POST /v2/api/external-auth/shopify?<Shopify's return query>: body { token: the code }. */
export const ZShopifyExchangeRequest = z.object({
  token: ZText.min(1, 'Required').max(500, 'At most 500 characters'),
});
