import { bigint, boolean, integer, jsonb, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { tenantTable } from './tenant-table';

/**
 * A store's mailbox: where its mail is fetched (IMAP) and sent (SMTP). The secret (password or
 * OAuth tokens) is encrypted at rest (mail-crypto). The cursor (uid_validity, last_uid) is the
 * position in the IMAP folder, advanced only after a mail is committed.
 */
export const mailboxes = tenantTable(
  'mailboxes',
  {
    /** The store's address this mailbox receives for, e.g. support@demo-store.test. */
    address: text('address').notNull(),
    /**
     * imap-password | imap-oauth-google | imap-oauth-microsoft | forward (mail forwarded to the
     * built-in inbound SMTP receiver: no IMAP, so the IMAP columns are null).
     */
    kind: text('kind').notNull(),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecure: boolean('imap_secure').notNull().default(true),
    imapUser: text('imap_user'),
    imapFolder: text('imap_folder').notNull().default('INBOX'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure').notNull().default(true),
    smtpUser: text('smtp_user'),
    secretEncrypted: text('secret_encrypted'),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** ok | failing */
    state: text('state').notNull().default('ok'),
    lastError: text('last_error'),
    lastErrorAt: timestamptz('last_error_at', { ms: true }),
    /** Since when it has been failing without a success in between; null while it works. */
    failingSince: timestamptz('failing_since', { ms: true }),
    lastFetchAt: timestamptz('last_fetch_at', { ms: true }),
    /** When a mail last left through it. */
    lastSendAt: timestamptz('last_send_at', { ms: true }),
    /** The store's signature under mail sent from this mailbox, as HTML, per language (en, nr, da, de). */
    signatures: jsonb('signatures').$type<Partial<Record<string, string>>>().notNull().default({}),
    /**
     * When the store proved that it owns the address (a confirmation code mailed to it came
     * back); null until then. An unproven mailbox receives nothing and sends nothing.
     */
    verifiedAt: timestamptz('verified_at', { ms: true }),
    /** SHA-256 of the confirmation code last mailed to the address; null once proven. */
    verificationCodeHash: text('verification_code_hash'),
    verificationSentAt: timestamptz('verification_sent_at', { ms: true }),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    createdAt: createdAt({ ms: true }),
    updatedAt: updatedAt({ ms: true }),
  },
  (t) => [
    /**
     * The one unique index without tenant_id: an address belongs to exactly one store across
     * all stores, so no store can claim, receive or send as another's address.
     */
    unique('mailboxes_address_key').on(t.address),
  ],
);
