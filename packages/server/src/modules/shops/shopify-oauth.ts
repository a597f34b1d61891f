import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { shopCall, type ShopHttpOptions } from './shop-http';
import { ShopError } from './shop-order';
import { SHOPIFY_SHOP } from './shopify.client';

export type ShopifyConfig = Pick<
  Config,
  'SHOPIFY_API_KEY' | 'SHOPIFY_API_SECRET' | 'SHOPIFY_SCOPES' | 'SHOPIFY_ADMIN_ORIGIN' | 'PUBLIC_URL'
>;

/** How old an install link or a return from Shopify may be. */
const LINK_MAX_AGE_SECONDS = 10 * 60;
/** How long a started sign-in stays valid. */
const STATE_MAX_AGE_MS = 10 * 60 * 1000;

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Shopify's signature of an install link or an OAuth return: the hex HMAC-SHA256, with the app's
 * secret, of every other query parameter as `key=value`, sorted by key and joined with `&`.
 */
export function shopifyQueryHmac(query: Record<string, string>, secret: string): string {
  const message = Object.keys(query)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${key}=${query[key] ?? ''}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Whether a link from Shopify is its own (signature), for a shop's host, and recent. */
export function isShopifyLink(query: Record<string, string>, secret: string, now = Date.now()): boolean {
  const { hmac, shop, timestamp } = query;
  if (!hmac || !shop || !timestamp || !SHOPIFY_SHOP.test(shop)) return false;
  const age = now / 1000 - Number(timestamp);
  if (!Number.isFinite(age) || Math.abs(age) > LINK_MAX_AGE_SECONDS) return false;
  return same(shopifyQueryHmac(query, secret), hmac);
}

/** Shopify's signature of a webhook: the base64 HMAC-SHA256 of the raw body with the app's secret. */
export function isShopifyWebhook(body: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  return same(createHmac('sha256', secret).update(body).digest('base64'), signature);
}

/**
 * A started sign-in: a random nonce the browser keeps in a cookie, and the state Shopify carries
 * back (the nonce, the shop, the store it is for, when it started, signed with the server's key).
 */
export function newShopifyState(hashKey: string, shop: string, tenantId: string | null) {
  const nonce = randomBytes(18).toString('base64url');
  const body = Buffer.from(JSON.stringify({ n: nonce, s: shop, t: tenantId, at: Date.now() })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', hashKey).update(`shopify-state.${body}`).digest('base64url');
  return { nonce, state: `${body}.${signature}` };
}

/** The state's shop and store when it is ours, recent, and started by the browser holding `nonce`. */
export function readShopifyState(
  hashKey: string,
  state: string,
  nonce: string | undefined,
): { shop: string; tenantId: string | null } | null {
  const [body = '', signature = ''] = state.split('.');
  const expected = createHmac('sha256', hashKey).update(`shopify-state.${body}`).digest('base64url');
  if (!nonce || !same(expected, signature)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      n: string;
      s: string;
      t: string | null;
      at: number;
    };
    if (!same(claims.n, nonce) || Date.now() - claims.at > STATE_MAX_AGE_MS) return null;
    return { shop: claims.s, tenantId: claims.t };
  } catch {
    return null;
  }
}

/** Where the browser goes to grant the app access to the shop. */
export function shopifyAuthorizeUrl(
  config: ShopifyConfig,
  shop: string,
  state: string,
  origin: string,
): string {
  const url = new URL(`${config.SHOPIFY_ADMIN_ORIGIN.replace('{shop}', shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', config.SHOPIFY_API_KEY ?? '');
  url.searchParams.set('scope', config.SHOPIFY_SCOPES);
  url.searchParams.set('redirect_uri', `${config.PUBLIC_URL ?? origin}/external/shopify/oauth`);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Exchanges the code Shopify returned for the shop's offline access token (never tried twice). */
export async function exchangeShopifyCode(
  config: ShopifyConfig,
  shop: string,
  code: string,
  http: ShopHttpOptions,
): Promise<{ accessToken: string; scope: string }> {
  const answer = await shopCall(
    {
      method: 'POST',
      url: `${config.SHOPIFY_ADMIN_ORIGIN.replace('{shop}', shop)}/admin/oauth/access_token`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: config.SHOPIFY_API_KEY,
        client_secret: config.SHOPIFY_API_SECRET,
        code,
      }),
      safeToRepeat: false,
    },
    http,
  );
  const body = answer.body as { access_token?: string; scope?: string } | null;
  if (answer.status !== 200 || !body?.access_token)
    throw new ShopError('unauthorized', `Shopify did not take the code (${String(answer.status)})`);
  return { accessToken: body.access_token, scope: body.scope ?? '' };
}
