// What the security and privacy features keep: sign-in sessions (each token names one, so one
// can end without the others), the store's append-only audit log, and the marks of erased mail
// that keep the mail ingest from bringing it back.
import { index, jsonb, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { tenantTable } from './tenant-table';

/**
 * One sign-in: a staff user's (grant `password`) or a contact's (`otp`). The access token carries
 * its `publicId` as `sid`; a session stands while `endedAt` is null (sign-out, "sign out
 * everywhere", a password change ending the others) and until `expiresAt`.
 */
export const authSessions = tenantTable(
  'auth_sessions',
  {
    /** The token's `sid`: random, 128 bits, base64url. */
    publicId: text('public_id').notNull(),
    username: text('username').notNull(),
    grantType: text('grant_type').$type<'password' | 'otp'>().notNull(),
    /** The client address and browser at sign-in, to show a person their sessions. */
    address: text('address'),
    userAgent: text('user_agent'),
    createdAt: createdAt({ ms: true }),
    expiresAt: timestamptz('expires_at', { ms: true }).notNull(),
    endedAt: timestamptz('ended_at', { ms: true }),
  },
  (t) => [
    unique('auth_sessions_public_id_key').on(t.tenantId, t.publicId),
    index('auth_sessions_account_idx').on(t.tenantId, t.username),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** What an audit entry says changed: the values before and after, secrets masked. */
export interface AuditChanges {
  before?: unknown;
  after?: unknown;
  /** Counts and other facts of the action (an erasure's items, an export's size). */
  detail?: Record<string, unknown>;
}

/**
 * The store's audit log: one row per administrative action, written in the action's own
 * transaction. Append-only: a trigger (migration 0018) refuses every UPDATE, and a DELETE
 * outside the retention purge, whatever the caller.
 */
export const auditLog = tenantTable(
  'audit_log',
  {
    at: timestamptz('at', { ms: true }).notNull().defaultNow(),
    /** Who acted: a staff username, `operator` (the admin command line) or `system`. */
    actor: text('actor').notNull(),
    /** The client address the action came from; null from the command line. */
    actorAddress: text('actor_address'),
    /** What was done, as `<subject>.<verb>`: `user.created`, `flag.changed`, `customer.erased`. */
    action: text('action').notNull(),
    /** What it was done to: its kind and its id or name. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.tenantId, t.at),
    index('audit_log_action_idx').on(t.tenantId, t.action, t.at),
  ],
);

/**
 * A mail erased on a customer's request: the keyed hash of its Message-ID (or of its bytes when
 * it has none), so that the mailbox fetch and the inbound receiver refuse to take it in again.
 */
export const erasedMails = tenantTable(
  'erased_mails',
  {
    messageKey: text('message_key').notNull(),
    erasedAt: createdAt(),
  },
  (t) => [unique('erased_mails_message_key').on(t.tenantId, t.messageKey)],
);
