import { ZShopifyAuthorizeResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** GET /v2/api/shops/shopify/authorize-url: Shopify's grant screen for the shop, the state bound to this browser. */
export const shopifyAuthorizeUrl = async (shop: string): Promise<string> =>
  (
    await http(
      `/v2/api/shops/shopify/authorize-url?shop=${encodeURIComponent(shop)}`,
      {},
      ZShopifyAuthorizeResponse,
    )
  ).url;
