import type { LookupFunction } from 'node:net';
import type { Config } from '../../config';
import { publicOnlyLookup } from '../../lib/outbound-address';
import { DEFAULT_SHOP_HTTP, type ShopHttpOptions } from './shop-http';
import type { ShopClient } from './shop-order';
import { shopifyClient } from './shopify.client';
import { wooCommerceClient } from './woocommerce.client';

/** What a client of each shop system needs besides its connection. */
export interface ShopClientSettings {
  config: Pick<Config, 'SHOPIFY_ADMIN_ORIGIN' | 'SHOP_TIMEOUT_MS' | 'SHOPS_ALLOW_PRIVATE_ADDRESSES'>;
  /** The attempts and waits of a read (tests shorten them). */
  http?: Partial<ShopHttpOptions>;
}

/** A connection's kind and shop with its credentials opened. */
export type OpenConnection =
  | { kind: 'shopify'; shop: string; secret: { accessToken: string } }
  | { kind: 'woocommerce'; shop: string; secret: { consumerKey: string; consumerSecret: string } };

let publicLookup: LookupFunction | null = null;

/**
 * The client of a connection's shop system: one file per system (shopify.client.ts,
 * woocommerce.client.ts), chosen here. A WooCommerce shop's address is the administrator's, so its
 * requests go to public addresses only.
 */
export function shopClientOf(connection: OpenConnection, settings: ShopClientSettings): ShopClient {
  const http: ShopHttpOptions = {
    ...DEFAULT_SHOP_HTTP,
    timeoutMs: settings.config.SHOP_TIMEOUT_MS,
    ...settings.http,
  };
  switch (connection.kind) {
    case 'shopify':
      return shopifyClient(
        { shop: connection.shop, accessToken: connection.secret.accessToken },
        { adminOrigin: settings.config.SHOPIFY_ADMIN_ORIGIN },
        http,
      );
    case 'woocommerce':
      publicLookup ??= publicOnlyLookup();
      return wooCommerceClient(
        { url: connection.shop, ...connection.secret },
        settings.config.SHOPS_ALLOW_PRIVATE_ADDRESSES ? http : { ...http, lookup: publicLookup },
      );
  }
}
