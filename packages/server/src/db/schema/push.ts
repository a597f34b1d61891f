// Browser notifications: the Web Push subscriptions of the store's people and the new mails
// still to be announced through them.
import { index, integer, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, tenantForeignKey, timestamptz } from './columns';
import { mailLogs } from './mail';
import { tenantTable } from './tenant-table';

/**
 * A browser's Web Push subscription (its push service endpoint and its keys), made by a person
 * of the store who allowed notifications there. One per endpoint: a browser that subscribes
 * again, or for another person, replaces its row.
 */
export const pushSubscriptions = tenantTable(
  'push_subscriptions',
  {
    /** The staff user's username (email) it notifies. */
    username: text('username').notNull(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and its authentication secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastPushedAt: timestamptz('last_pushed_at'),
  },
  (t) => [
    unique('push_subscriptions_endpoint_key').on(t.tenantId, t.endpoint),
    index('push_subscriptions_username_idx').on(t.tenantId, t.username),
  ],
);

/**
 * New inbound mails whose notifications are still to go out, written in the mail's own
 * transaction so that none is announced before it commits or lost when a process stops. A
 * sender takes rows with SKIP LOCKED, so each goes out from one server process once.
 */
export const pushQueue = tenantTable(
  'push_queue',
  {
    mailLogId: integer('mail_log_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantForeignKey(t, t.mailLogId, mailLogs).onDelete('cascade'),
    index('push_queue_created_idx').on(t.createdAt),
  ],
);
