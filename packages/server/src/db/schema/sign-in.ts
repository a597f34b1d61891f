// The state of signing in: a contact's one-time codes and the attempt counts that slow down guessing.
import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, tenantForeignKey, timestamptz } from './columns';
import { contacts, users } from './users';
import { tenantTable } from './tenant-table';

export const otpCodes = tenantTable(
  'otp_codes',
  {
    contactId: integer('contact_id').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantForeignKey(t, t.contactId, contacts).onDelete('cascade'),
    index('otp_codes_email_idx').on(t.email, t.createdAt),
  ],
);

/**
 * Sign-in attempts per key (an account, a client address, or the two together) in a fixed
 * window, counted in the database so that every server process shares one count. Not tenant
 * data: an attempt is made before any store is known, so there is no tenant_id; the key is a
 * keyed hash of the account or address, so no email or address is stored.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    /** Failed attempts plus the ones still being checked; a success gives its place back. */
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamptz('window_started_at').notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

/**
 * A link mailed to a staff user to choose a password: `reset` (forgot password) or `invite` (a
 * new colleague). Only a keyed hash of the random token is kept; a link is used once, expires,
 * and a newer one voids the older ones of the user.
 */
export const passwordTokens = tenantTable(
  'password_tokens',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'reset' | 'invite'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when the link was used, or voided by a newer one or by the password being set. */
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantForeignKey(t, t.userId, users).onDelete('cascade'),
    unique('password_tokens_hash_key').on(t.tenantId, t.tokenHash),
    index('password_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);
