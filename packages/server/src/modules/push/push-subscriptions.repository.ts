import type { TPushSubscribeRequest } from '@claimdesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pushSubscriptions, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** A subscription as web-push sends to it. */
export interface StoredSubscription {
  id: number;
  username: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Keeps the browser's subscription for the person: one row per endpoint, so a browser that
 * subscribes again (new keys) or for another person of the store (a shared computer) replaces it.
 */
export async function saveSubscription(
  db: TenantDb,
  username: string,
  subscription: TPushSubscribeRequest,
): Promise<void> {
  const { endpoint, keys } = subscription;
  await db
    .insert(pushSubscriptions)
    .values({ tenantId: db.tenantId, username, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
      set: { username, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
    });
}

/** Removes the person's subscription of this browser; false when there was none. */
export async function removeSubscription(db: TenantDb, username: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.username, username), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** A subscription the push service says is gone (404, 410): nothing will reach it again. */
export async function dropSubscription(db: TenantDb, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Notes the pushes that went through. */
export async function notePushed(db: TenantDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastPushedAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
}

/**
 * The subscriptions of the store's staff users named (all of them when `usernames` is 'staff'):
 * a person no longer a user of the store (deleted) is notified of nothing.
 */
export async function subscriptionsOf(
  db: TenantDb,
  usernames: readonly string[] | 'staff',
): Promise<StoredSubscription[]> {
  if (usernames !== 'staff' && usernames.length === 0) return [];
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      username: pushSubscriptions.username,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.username, pushSubscriptions.username))
    .where(usernames === 'staff' ? undefined : inArray(pushSubscriptions.username, [...usernames]));
  return rows.map(({ p256dh, auth, ...row }) => ({ ...row, keys: { p256dh, auth } }));
}
