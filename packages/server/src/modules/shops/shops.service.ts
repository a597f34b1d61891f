import type {
  TShopConnection,
  TShopOrdersQuery,
  TShopOrdersResponse,
  TWooCommerceConnectRequest,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth-context';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, invalid, notFound } from '../../lib/app-error';
import { nonPublicRange, NonPublicAddressError } from '../../lib/outbound-address';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import { shopClientOf, type OpenConnection, type ShopClientSettings } from './shop-client-of';
import {
  deleteShopConnection,
  insertShopConnection,
  listShopConnections,
  noteShopOutcome,
  type ShopConnectionRow,
} from './shop-connections.repository';
import { ShopError } from './shop-order';

/** What the shops' services need from the app. */
export type ShopsDeps = Pick<AppDeps, 'config' | 'secrets'>;

export const shopView = (row: ShopConnectionRow): TShopConnection => ({
  id: row.id,
  kind: row.kind as TShopConnection['kind'],
  shop: row.shop,
  state: row.state === 'failing' ? 'failing' : 'ok',
  lastError: row.lastError,
  connectedAt: row.createdAt.toISOString(),
});

const settingsOf = (deps: ShopsDeps): ShopClientSettings => ({ config: deps.config });

function openConnection(deps: ShopsDeps, db: TenantDb, row: ShopConnectionRow): OpenConnection {
  const secret: unknown = JSON.parse(deps.secrets.open(db.tenantId, row.secretEncrypted));
  return { kind: row.kind, shop: row.shop, secret } as OpenConnection;
}

/** A shop's address as stored: its origin and path, without a trailing slash, query or fragment. */
function shopAddress(deps: ShopsDeps, text: string): string {
  const url = new URL(text);
  if (!deps.config.SHOPS_ALLOW_PRIVATE_ADDRESSES) {
    if (url.protocol !== 'https:') throw invalid('url', 'The shop’s address must start with https://');
    const range = nonPublicRange(url.hostname.replace(/^\[|\]$/g, ''));
    if (range !== null && range !== 'invalid')
      throw invalid('url', 'The shop’s address must be on the internet, not on a local network');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** What a failed shop call tells the person, as an API error. */
export function shopFailure(error: unknown): AppError {
  if (error instanceof ShopError) {
    const code = {
      unauthorized: 'SHOP_UNAUTHORIZED',
      timeout: 'SHOP_TIMEOUT',
      'rate-limited': 'SHOP_RATE_LIMITED',
      unavailable: 'SHOP_UNAVAILABLE',
    } as const;
    return new AppError(code[error.kind], error.message);
  }
  throw error;
}

/**
 * Connects a WooCommerce shop: its keys are tried first (a shop that refuses them or does not answer
 * as WooCommerce does is a 400 on the field to fix), then sealed and stored. A shop another store has
 * connected is a 409.
 */
export async function connectWooCommerce(
  deps: ShopsDeps,
  auth: AuthContext,
  body: TWooCommerceConnectRequest,
): Promise<TShopConnection> {
  const shop = shopAddress(deps, body.url);
  const secret = { consumerKey: body.consumerKey, consumerSecret: body.consumerSecret };
  try {
    await shopClientOf({ kind: 'woocommerce', shop, secret }, settingsOf(deps)).check();
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'unauthorized')
      throw invalid(
        'consumerKey',
        'The shop refused these keys: check the key, the secret and their read access',
      );
    if (error instanceof ShopError && error.message.includes(NonPublicAddressError.name))
      throw invalid('url', 'The shop’s address must be on the internet, not on a local network');
    if (error instanceof ShopError)
      throw invalid('url', `The shop did not answer as WooCommerce does: ${error.message}`);
    throw error;
  }
  const row = await auth.db.transaction(async (tx) => {
    const inserted = await insertShopConnection(tx, {
      kind: 'woocommerce',
      shop,
      secretEncrypted: deps.secrets.seal(tx.tenantId, JSON.stringify(secret)),
    });
    if (!inserted) return null;
    await recordAudit(tx, auditActor(auth), {
      action: 'shop.connected',
      targetType: 'shop',
      targetId: inserted.id,
      changes: { after: { kind: 'woocommerce', shop } },
    });
    return inserted;
  });
  if (!row)
    throw new AppError('CONFLICT', 'This shop is connected already', {
      url: 'This shop is connected already',
    });
  return shopView(row);
}

export async function disconnectShop(auth: AuthContext, id: number): Promise<void> {
  const removed = await auth.db.transaction(async (tx) => {
    const row = await deleteShopConnection(tx, id);
    if (row)
      await recordAudit(tx, auditActor(auth), {
        action: 'shop.disconnected',
        targetType: 'shop',
        targetId: row.id,
        changes: { before: { kind: row.kind, shop: row.shop } },
      });
    return row;
  });
  if (!removed) throw notFound('Shop');
}

/**
 * The order with a number, or a customer's newest orders, from the store's connected shop. A
 * refused token marks the connection failing (the settings say so); the next success clears it.
 */
export async function lookUpOrders(
  deps: ShopsDeps,
  db: TenantDb,
  query: TShopOrdersQuery,
): Promise<TShopOrdersResponse> {
  const [row] = await listShopConnections(db);
  if (!row) throw notFound('Connected shop');
  const client = shopClientOf(openConnection(deps, db, row), settingsOf(deps));
  try {
    const orders =
      query.number !== undefined
        ? [await client.orderByNumber(query.number)].filter((o) => o !== null)
        : await client.ordersOfCustomer({ email: query.email, phone: query.phone }, 10);
    if (row.state === 'failing') await noteShopOutcome(db, row.id, null);
    return { shop: { kind: row.kind as 'shopify' | 'woocommerce', shop: row.shop }, orders };
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'unauthorized')
      await noteShopOutcome(db, row.id, error.message);
    throw shopFailure(error);
  }
}
