import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth-context';
import { forTenant } from '../../db/tenant-db';
import { recordAudit } from '../audit/audit.repository';
import { customerOf } from '../privacy/customer-data.repository';
import { eraseCustomer } from '../privacy/customer-erase.service';
import { deleteShopConnection, listShopConnections } from './shop-connections.repository';
import { shopOwner } from './shop-owner.system';

/** Who acts on a webhook, as the audit log names it. */
const SHOPIFY_ACTOR = { username: 'shopify', address: null };

/** The topics Shopify sends: the three it requires of every app, and the app's removal. */
export const SHOPIFY_TOPICS = [
  'app/uninstalled',
  'shop/redact',
  'customers/redact',
  'customers/data_request',
] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

interface CustomerPayload {
  customer?: { email?: string | null; phone?: string | null } | null;
  orders_requested?: number[];
  orders_to_redact?: number[];
}

/**
 * Acts on a webhook Shopify signed, for the store the shop is connected to (none: nothing to do):
 * the app removed or the shop erased, the connection goes (the cases keep what they took); a
 * customer to erase, erased as the store's own erase does it; a customer's data asked for, the
 * request recorded in the audit log, where the store's administrators find it and export the data
 * from the privacy screen. Answers what was done.
 */
export async function actOnShopifyWebhook(
  deps: AppDeps,
  topic: ShopifyTopic,
  shop: string,
  payload: unknown,
): Promise<string> {
  const tenantId = await shopOwner(deps.db, 'shopify', shop);
  if (!tenantId) return 'no store has this shop';
  const db = forTenant(deps.db, tenantId);
  const body = (payload ?? {}) as CustomerPayload;
  switch (topic) {
    case 'app/uninstalled':
    case 'shop/redact':
      await db.transaction(async (tx) => {
        const own = (await listShopConnections(tx)).find((c) => c.kind === 'shopify' && c.shop === shop);
        if (!own) return;
        await deleteShopConnection(tx, own.id);
        await recordAudit(tx, SHOPIFY_ACTOR, {
          action: 'shop.disconnected',
          targetType: 'shop',
          targetId: own.id,
          changes: { before: { kind: 'shopify', shop }, detail: { topic } },
        });
      });
      return 'disconnected';
    case 'customers/redact': {
      const email = body.customer?.email?.trim().toLowerCase();
      if (!email) return 'no customer email';
      const auth: AuthContext = {
        tenantId,
        companyName: '',
        username: SHOPIFY_ACTOR.username,
        authorities: [],
        grantType: 'password',
        sessionId: '',
        address: '',
        db,
      };
      const phone = body.customer?.phone ?? undefined;
      await eraseCustomer(deps, auth, customerOf({ email, phone }), phone);
      return 'erased';
    }
    case 'customers/data_request':
      await recordAudit(db, SHOPIFY_ACTOR, {
        action: 'customer.data_requested',
        targetType: 'customer',
        targetId: body.customer?.email ?? '',
        changes: { detail: { shop, orders: (body.orders_requested ?? []).slice(0, 100).map(String) } },
      });
      return 'recorded';
  }
}
