import { and, eq, inArray, sql } from 'drizzle-orm';
import { erasedMails, mailAttachments, mailLogs, mailTombstones } from '../../../db/schema';
import { erasedMailKey } from '../../privacy/erased-mail-key';
import type { TenantDb } from '../../../db/tenant-db';

/**
 * Which of these Message-IDs the store deleted for good (their mails are not taken in again):
 * a mail purged from the bin (mail_tombstones, by Message-ID) or erased on a customer's request
 * (erased_mails, by keyed hash: the tombstone rule). The one check both the fetch and the
 * inbound receiver pass through, so an erased mail is reported `tombstoned`, counted as handled
 * and never stored again.
 */
export async function tombstonedIds(db: TenantDb, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ messageId: mailTombstones.messageId })
    .from(mailTombstones)
    .where(inArray(mailTombstones.messageId, messageIds));
  const keyOf = new Map(messageIds.map((id) => [erasedMailKey(db.tenantId, id), id]));
  const erased = await db
    .select({ key: erasedMails.messageKey })
    .from(erasedMails)
    .where(inArray(erasedMails.messageKey, [...keyOf.keys()]));
  return new Set([...rows.map((r) => r.messageId), ...erased.flatMap((r) => keyOf.get(r.key) ?? [])]);
}

/** The raw file of the store's mail with this Message-ID: undefined without a mail, null without a file. */
export async function rawHashOfMessage(db: TenantDb, messageId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ rawFileHash: mailLogs.rawFileHash })
    .from(mailLogs)
    .where(eq(mailLogs.messageId, messageId));
  return row ? row.rawFileHash : undefined;
}

/** An inbound mail's row as the batch insert takes it (snake case: the JSON record's columns). */
export interface InboundRow {
  case_id: number | null;
  message_id: string;
  in_reply_to: string | null;
  refs: string[];
  from_address: string | null;
  from_name: string | null;
  to: unknown;
  cc: unknown;
  bcc: unknown;
  reply_to: unknown;
  subject: string;
  text: string | null;
  html: string | null;
  sent_at: string | null;
  auto_kind: string | null;
  raw_file_hash: string;
  raw_size: number;
}

/**
 * The rows in one statement with one parameter: the batch as JSON, expanded by
 * jsonb_to_recordset. A multi-row VALUES of ~20 columns per mail costs more to build and send
 * than the database spends storing it. ON CONFLICT leaves a taken Message-ID alone.
 */
export async function insertInboundRows(
  tx: TenantDb,
  where: { mailboxId: number | null; receivedAt: Date },
  batch: InboundRow[],
): Promise<{ id: number; messageId: string }[]> {
  const result = await tx.execute(
    (store) => sql`
    INSERT INTO mail_logs (tenant_id, case_id, mailbox_id, direction, message_id, in_reply_to,
      "references", from_address, from_name, "to", cc, bcc, reply_to, subject, text, html, sent_at,
      auto_kind, raw_file_hash, raw_size, received_at)
    SELECT ${store.id}, m.case_id, ${where.mailboxId}::int, 'in', m.message_id, m.in_reply_to,
      ARRAY(SELECT jsonb_array_elements_text(m.refs)), m.from_address, m.from_name, m."to", m.cc, m.bcc,
      m.reply_to, m.subject, m.text, m.html, m.sent_at, m.auto_kind, m.raw_file_hash, m.raw_size,
      ${where.receivedAt.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS m(case_id int, message_id text,
      in_reply_to text, refs jsonb, from_address text, from_name text, "to" jsonb, cc jsonb, bcc jsonb,
      reply_to jsonb, subject text, text text, html text, sent_at timestamptz, auto_kind text,
      raw_file_hash text, raw_size int)
    ON CONFLICT (tenant_id, message_id) DO NOTHING
    RETURNING id, message_id`,
  );
  const { rows } = result as { rows: { id: number; message_id: string }[] };
  return rows.map((r) => ({ id: r.id, messageId: r.message_id }));
}

export type NewAttachment = Omit<typeof mailAttachments.$inferInsert, 'tenantId'>;

export async function insertAttachmentRows(tx: TenantDb, rows: NewAttachment[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(mailAttachments).values(rows.map((r) => ({ ...r, tenantId: tx.tenantId })));
}

/**
 * An inbound mail kept as unparseable, its raw message as its one attachment; null when the
 * store has a mail with that Message-ID already (nothing is written then).
 */
export async function insertUnparseableMail(
  tx: TenantDb,
  mail: {
    mailboxId: number | null;
    messageId: string;
    rawHash: string;
    rawSize: number;
    error: string;
    receivedAt: Date;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(mailLogs)
    .values({
      tenantId: tx.tenantId,
      mailboxId: mail.mailboxId,
      direction: 'in',
      messageId: mail.messageId,
      rawFileHash: mail.rawHash,
      rawSize: mail.rawSize,
      parseState: 'unparseable',
      parseError: mail.error,
      receivedAt: mail.receivedAt,
    })
    .onConflictDoNothing({ target: [mailLogs.tenantId, mailLogs.messageId] })
    .returning({ id: mailLogs.id });
  if (!row) return null;
  await insertAttachmentRows(tx, [
    {
      mailLogId: row.id,
      position: 0,
      fileHash: mail.rawHash,
      fileName: 'message.eml',
      contentType: 'message/rfc822',
      size: mail.rawSize,
    },
  ]);
  return row.id;
}

const unparseable = (id: number) => and(eq(mailLogs.id, id), eq(mailLogs.parseState, 'unparseable'));

/** The raw file of an unparseable mail of the store; null when there is no such mail or file. */
export async function rawHashOfUnparseable(db: TenantDb, id: number): Promise<string | null> {
  const [row] = await db.select({ rawFileHash: mailLogs.rawFileHash }).from(mailLogs).where(unparseable(id));
  return row?.rawFileHash ?? null;
}

/** An unparseable mail parsed after all: its fields set, its attachments replaced. */
export async function saveReparsed(
  tx: TenantDb,
  id: number,
  fields: Partial<typeof mailLogs.$inferInsert>,
  attachments: NewAttachment[],
): Promise<void> {
  await tx
    .update(mailLogs)
    .set({ ...fields, parseState: 'ok', parseError: null })
    .where(unparseable(id));
  await tx.delete(mailAttachments).where(eq(mailAttachments.mailLogId, id));
  await insertAttachmentRows(tx, attachments);
}

/** The new error of an unparseable mail that failed again. */
export async function saveParseError(db: TenantDb, id: number, error: string): Promise<void> {
  await db.update(mailLogs).set({ parseError: error }).where(unparseable(id));
}
