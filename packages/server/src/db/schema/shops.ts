import { text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { tenantTable } from './tenant-table';

/**
 * A store's connection to its web shop (Shopify, WooCommerce), through which a case finds the
 * customer's order. The credentials (Shopify's access token, WooCommerce's REST API keys) are
 * sealed at rest with the store's secret box, as the mailboxes' are.
 */
export const shopConnections = tenantTable(
  'shop_connections',
  {
    /** shopify | woocommerce */
    kind: text('kind').notNull(),
    /** Shopify: the shop's host (name.myshopify.com); WooCommerce: the shop's address (https://...). */
    shop: text('shop').notNull(),
    /** The credentials as JSON, sealed. */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** ok | failing (the last call was refused: a revoked token, changed keys) */
    state: text('state').notNull().default('ok'),
    lastError: text('last_error'),
    lastErrorAt: timestamptz('last_error_at', { ms: true }),
    createdAt: createdAt({ ms: true }),
    updatedAt: updatedAt({ ms: true }),
  },
  (t) => [
    /**
     * Without tenant_id on purpose: a shop belongs to one store across all stores, so an install
     * from Shopify finds its store and no store reads another's orders.
     */
    unique('shop_connections_shop_key').on(t.kind, t.shop),
  ],
);
