// Mail: one row per mail (in or out), its attachments, the Message-IDs deleted for good, and the
// outbox of mails waiting to be sent. Timestamps keep milliseconds only ({ ms: true }).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { createdAt, tenantForeignKey, timestamptz, tsvector } from './columns';
import { mailboxes } from './mailboxes';
import { storeTenantId } from './tenancy';
import { ownedTenantTable, tenantTable } from './tenant-table';

/** A mail address as stored on a mail row. */
export interface StoredAddress {
  name?: string;
  address: string;
}

/**
 * One mail, inbound or outbound, on a case or unmapped (case_id null). Unique per store by
 * Message-ID: ingest inserts with ON CONFLICT DO NOTHING, so a mail fetched twice is stored once.
 */
export const mailLogs = tenantTable(
  'mail_logs',
  {
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
    sentAt: timestamptz('sent_at', { ms: true }),
    isRead: boolean('is_read').notNull().default(false),
    /** Outbound only: draft | pending | sent | failed. */
    sendState: text('send_state'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    sendError: text('send_error'),
    /** Pending only: when the mail may leave (end of its undo window, or the "send later" time). */
    sendAt: timestamptz('send_at', { ms: true }),
    /** Pending only: it waits for a time the person chose (cancelled when the customer writes). */
    isSendLater: boolean('is_send_later').notNull().default(false),
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
    createdAt: createdAt({ ms: true }),
    receivedAt: timestamptz('received_at', { ms: true }),
    /**
     * The inbox search: sender, subject and the start of the text, each lexeme scoped to the store
     * (case_search_vector), kept by PostgreSQL itself.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`case_search_vector(tenant_id, coalesce(from_name, '') || ' ' || coalesce(from_address, '') || ' ' || subject || ' ' || left(coalesce(text, ''), 20000))`,
    ),
  },
  (t) => [
    unique('mail_logs_tenant_message_id_key').on(t.tenantId, t.messageId),
    tenantForeignKey(t, t.caseId, cases, 'mail_logs_case_fk'),
    tenantForeignKey(t, t.mailboxId, mailboxes, 'mail_logs_mailbox_fk'),
    index('mail_logs_case_idx').on(t.tenantId, t.caseId, t.createdAt, t.id),
    index('mail_logs_unmapped_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.caseId} IS NULL AND NOT ${t.isDeleted}`),
    index('mail_logs_from_idx').on(t.tenantId, t.fromAddress),
    // The inbox (newest first, drafts and the bin left out), its unread filter, the bin, the search.
    index('mail_logs_inbox_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`NOT ${t.isDeleted} AND ${t.sendState} IS DISTINCT FROM 'draft'`),
    index('mail_logs_unread_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.direction} = 'in' AND NOT ${t.isRead} AND NOT ${t.isDeleted}`),
    index('mail_logs_bin_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.isDeleted}`),
    index('mail_logs_search_idx').using('gin', t.search),
    // The inbox's failed filter and the menu's count of mails that could not be sent.
    index('mail_logs_failed_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.sendState} = 'failed' AND NOT ${t.isDeleted}`),
    index('mail_logs_unparseable_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.parseState} = 'unparseable'`),
  ],
);

/** A mail's attachments; the bytes sit in file storage under their SHA-256, stored once. */
export const mailAttachments = ownedTenantTable(
  'mail_attachments',
  {
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
    tenantForeignKey(t, t.mailLogId, mailLogs, 'mail_attachments_mail_fk').onDelete('cascade'),
    index('mail_attachments_mail_idx').on(t.tenantId, t.mailLogId, t.position),
  ],
);

/** A mail deleted for good leaves its Message-ID here, so ingest never fetches it back in. */
export const mailTombstones = pgTable(
  'mail_tombstones',
  {
    tenantId: storeTenantId(),
    messageId: text('message_id').notNull(),
    mailboxId: integer('mailbox_id'),
    deletedBy: text('deleted_by'),
    deletedAt: timestamptz('deleted_at', { ms: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.messageId] })],
);

/**
 * The send job of an outgoing mail, written in the transaction that writes the mail row. A
 * worker claims due jobs (FOR UPDATE SKIP LOCKED), sends, and deletes the job with the mail
 * marked sent, or sets the next attempt with backoff.
 */
export const mailOutbox = ownedTenantTable(
  'mail_outbox',
  {
    mailLogId: integer('mail_log_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at', { ms: true }).notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until', { ms: true }),
    lockedBy: text('locked_by'),
    /**
     * How far the current attempt got: claimed | connected | data | accepted. After a crash, an
     * attempt that never reached DATA is sent again; one cut off during DATA may have been
     * delivered and is left to a person.
     */
    sendStage: text('send_stage'),
    lastError: text('last_error'),
    createdAt: createdAt({ ms: true }),
  },
  (t) => [
    unique('mail_outbox_tenant_mail_key').on(t.tenantId, t.mailLogId),
    tenantForeignKey(t, t.mailLogId, mailLogs, 'mail_outbox_mail_fk').onDelete('cascade'),
    index('mail_outbox_due_idx').on(t.nextAttemptAt),
  ],
);
