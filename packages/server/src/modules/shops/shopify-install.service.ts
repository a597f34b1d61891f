import type { TShopConnection } from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth-context';
import { AppError, invalid } from '../../lib/app-error';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import { DEFAULT_SHOP_HTTP } from './shop-http';
import { ShopError } from './shop-order';
import { insertShopConnection, listShopConnections, updateShopSecret } from './shop-connections.repository';
import { shopView } from './shops.service';
import { SHOPIFY_SHOP } from './shopify.client';
import {
  exchangeShopifyCode,
  isShopifyLink,
  newShopifyState,
  readShopifyState,
  shopifyAuthorizeUrl,
} from './shopify-oauth';

type Deps = Pick<AppDeps, 'config' | 'hashKey' | 'secrets'>;

/** The cookie that binds a started Shopify sign-in to the browser that started it. */
export const SHOPIFY_STATE_COOKIE = 'cd_shopify_state';

const configured = (deps: Deps): { secret: string } => {
  const secret = deps.config.SHOPIFY_API_SECRET;
  if (!deps.config.SHOPIFY_API_KEY || !secret)
    throw new AppError(
      'NOT_FOUND',
      'Shopify is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)',
    );
  return { secret };
};

/**
 * The install link a shop's admin opens (Shopify documents it: `shop`, `hmac`, `timestamp`): checked
 * to be Shopify's and recent, then the browser is sent to grant access, with a state bound to it.
 */
export function startInstall(deps: Deps, query: Record<string, string>, origin: string) {
  const { secret } = configured(deps);
  if (!isShopifyLink(query, secret))
    throw invalid('hmac', 'This is no install link from Shopify, or it is too old');
  const shop = query.shop ?? '';
  const { nonce, state } = newShopifyState(deps.hashKey, shop, null);
  return { nonce, location: shopifyAuthorizeUrl(deps.config, shop, state, origin) };
}

/** A signed-in administrator connects the store to a Shopify shop: where to send the browser. */
export function authorizeForStore(deps: Deps, auth: AuthContext, shop: string, origin: string) {
  configured(deps);
  const { nonce, state } = newShopifyState(deps.hashKey, shop, auth.tenantId);
  return { nonce, location: shopifyAuthorizeUrl(deps.config, shop, state, origin) };
}

/**
 * Shopify's return to `external/shopify/oauth`, posted by the browser: its signature, the state
 * against the browser's cookie, and the shop are checked; the code is exchanged for the shop's
 * token, which is sealed and kept as the signed-in store's connection (a shop another store owns
 * is a 409; the store's own shop gets its new token).
 */
export async function finishForStore(
  deps: Deps,
  auth: AuthContext,
  input: { query: Record<string, string>; code: string; nonce: string | undefined },
): Promise<TShopConnection> {
  const { secret } = configured(deps);
  // The source's call names the shop as storeName too; Shopify's signature covers the rest.
  const { storeName: _storeName, ...query } = input.query;
  if (!isShopifyLink({ ...query, code: input.code }, secret))
    throw invalid('hmac', 'This return is not from Shopify, or it is too old: connect the shop again');
  const started = readShopifyState(deps.hashKey, query.state ?? '', input.nonce);
  if (
    !started ||
    started.shop !== query.shop ||
    (started.tenantId !== null && started.tenantId !== auth.tenantId)
  )
    throw invalid('state', 'This sign-in was not started here, or it has expired: connect the shop again');
  const shop = query.shop ?? '';
  let token: { accessToken: string; scope: string };
  try {
    token = await exchangeShopifyCode(deps.config, shop, input.code, {
      ...DEFAULT_SHOP_HTTP,
      timeoutMs: deps.config.SHOP_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof ShopError) throw invalid('token', error.message);
    throw error;
  }
  const sealed = deps.secrets.seal(auth.tenantId, JSON.stringify({ accessToken: token.accessToken }));
  const row = await auth.db.transaction(async (tx) => {
    const own = (await listShopConnections(tx)).find((c) => c.kind === 'shopify' && c.shop === shop);
    const saved = own
      ? await updateShopSecret(tx, own.id, sealed)
      : await insertShopConnection(tx, { kind: 'shopify', shop, secretEncrypted: sealed });
    if (saved)
      await recordAudit(tx, auditActor(auth), {
        action: 'shop.connected',
        targetType: 'shop',
        targetId: saved.id,
        changes: { after: { kind: 'shopify', shop, scope: token.scope } },
      });
    return saved;
  });
  if (!row)
    throw new AppError('CONFLICT', 'This shop is connected to another store', {
      shop: 'Connected elsewhere',
    });
  return shopView(row);
}

export const isShopifyShop = (shop: string) => SHOPIFY_SHOP.test(shop);
