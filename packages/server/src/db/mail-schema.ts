import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { cases, stores } from './core-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** A mail address as stored on a mail row. */
export interface StoredAddress {
  name?: string;
  address: string;
}

/**
 * A store's mailbox: where its mail is fetched (IMAP) and sent (SMTP). The secret (password or
 * OAuth tokens) is encrypted at rest (mail-crypto). The cursor (uid_validity, last_uid) is the
 * position in the IMAP folder, advanced only after a mail is committed.
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
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
    lastErrorAt: at('last_error_at'),
    lastFetchAt: at('last_fetch_at'),
    /**
     * When the store proved that it owns the address (a confirmation code mailed to it came
     * back); null until then. An unproven mailbox receives nothing and sends nothing.
     */
    verifiedAt: at('verified_at'),
    /** SHA-256 of the confirmation code last mailed to the address; null once proven. */
    verificationCodeHash: text('verification_code_hash'),
    verificationSentAt: at('verification_sent_at'),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    /**
     * The one unique index without tenant_id: an address belongs to exactly one store across
     * all stores, so no store can claim, receive or send as another's address.
     */
    unique('mailboxes_address_key').on(t.address),
  ],
);

/**
 * One mail, inbound or outbound, on a case or unmapped (case_id null). Unique per store by
 * Message-ID: ingest inserts with ON CONFLICT DO NOTHING, so a mail fetched twice is stored once.
 */
export const mailLogs = pgTable(
  'mail_logs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    caseId: integer('case_id'),
    mailboxId: integer('mailbox_id'),
    /** in | out */
    direction: text('direction').notNull(),
    /** customer | supplier | internal */
    mailLogType: text('mail_log_type').notNull().default('customer'),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    to: jsonb('to').$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredAddress[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<StoredAddress[]>().notNull().default([]),
    replyTo: jsonb('reply_to').$type<StoredAddress[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    text: text('text'),
    /** Sanitised when stored (and again when served). */
    html: text('html'),
    /** The Date header, when it could be read. */
    sentAt: at('sent_at'),
    isRead: boolean('is_read').notNull().default(false),
    /** Outbound only: draft | pending | sent | failed. */
    sendState: text('send_state'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    sendError: text('send_error'),
    /** SHA-256 of the raw RFC 822 message in file storage. */
    rawFileHash: text('raw_file_hash'),
    rawSize: integer('raw_size'),
    /** ok | unparseable; an unparseable mail keeps its raw file and can be parsed again. */
    parseState: text('parse_state').notNull().default('ok'),
    parseError: text('parse_error'),
    /** Why no automatic mail may answer this one: auto-reply | bulk | own-loop; null for a person's mail. */
    autoKind: text('auto_kind'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    receivedAt: at('received_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('mail_logs_tenant_message_id_key').on(t.tenantId, t.messageId),
    foreignKey({
      name: 'mail_logs_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'mail_logs_mailbox_fk',
      columns: [t.tenantId, t.mailboxId],
      foreignColumns: [mailboxes.tenantId, mailboxes.id],
    }),
    index('mail_logs_case_idx').on(t.tenantId, t.caseId, t.createdAt, t.id),
    index('mail_logs_unmapped_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.caseId} IS NULL AND NOT ${t.isDeleted}`),
    index('mail_logs_from_idx').on(t.tenantId, t.fromAddress),
    index('mail_logs_unparseable_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.parseState} = 'unparseable'`),
  ],
);

/** A mail's attachments; the bytes sit in file storage under their SHA-256, stored once. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    tenantId: text('tenant_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    mailLogId: integer('mail_log_id').notNull(),
    position: integer('position').notNull(),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Content-ID without angle brackets, for cid: images in the HTML. */
    contentId: text('content_id'),
    isInline: boolean('is_inline').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'mail_attachments_mail_fk',
      columns: [t.tenantId, t.mailLogId],
      foreignColumns: [mailLogs.tenantId, mailLogs.id],
    }).onDelete('cascade'),
    index('mail_attachments_mail_idx').on(t.tenantId, t.mailLogId, t.position),
  ],
);

/** A mail deleted for good leaves its Message-ID here, so ingest never fetches it back in. */
export const mailTombstones = pgTable(
  'mail_tombstones',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    messageId: text('message_id').notNull(),
    mailboxId: integer('mailbox_id'),
    deletedBy: text('deleted_by'),
    deletedAt: at('deleted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.messageId] })],
);

/**
 * The send job of an outgoing mail, written in the transaction that writes the mail row. A
 * worker claims due jobs (FOR UPDATE SKIP LOCKED), sends, and deletes the job with the mail
 * marked sent, or sets the next attempt with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: text('tenant_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    mailLogId: integer('mail_log_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lockedBy: text('locked_by'),
    /**
     * How far the current attempt got: claimed | connected | data | accepted. After a crash, an
     * attempt that never reached DATA is sent again; one cut off during DATA may have been
     * delivered and is left to a person.
     */
    sendStage: text('send_stage'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('mail_outbox_tenant_mail_key').on(t.tenantId, t.mailLogId),
    foreignKey({
      name: 'mail_outbox_mail_fk',
      columns: [t.tenantId, t.mailLogId],
      foreignColumns: [mailLogs.tenantId, mailLogs.id],
    }).onDelete('cascade'),
    index('mail_outbox_due_idx').on(t.nextAttemptAt),
  ],
);

/**
 * A store's mail template, overriding the built-in one with the same key and language. The
 * subject and body hold placeholders such as {{case.number}}; an unknown one is refused on save.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => stores.tenantId),
    id: integer('id').generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    workFlow: text('work_flow').notNull(),
    /** customer | supplier | forward */
    sendType: text('send_type').notNull(),
    /** en | nr | da | de */
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('mail_templates_tenant_key_language_key').on(t.tenantId, t.key, t.language),
    index('mail_templates_lookup_idx').on(t.tenantId, t.workFlow, t.sendType, t.language),
  ],
);
