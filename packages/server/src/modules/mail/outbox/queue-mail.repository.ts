import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { mailAttachments, mailboxes, mailLogs, mailOutbox } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';

/** A new mail row; a column may be an SQL expression (send_at on the database's clock). */
export type NewMailRow = PgInsertValue<typeof mailLogs>;

/** A file to attach, already in file storage under its hash. */
export interface OutgoingAttachment {
  fileHash: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * The mail's attachment rows, replaced by `attachments` (a draft saved again, or sent). A mail row
 * written in this transaction (`isNew`) has none yet, so nothing is deleted first.
 */
export async function replaceAttachments(
  tx: TenantDb,
  mailLogId: number,
  attachments: OutgoingAttachment[],
  isNew: boolean,
): Promise<void> {
  if (!isNew) await tx.delete(mailAttachments).where(eq(mailAttachments.mailLogId, mailLogId));
  if (attachments.length === 0) return;
  await tx.insert(mailAttachments).values(
    attachments.map((a, position) => ({
      tenantId: tx.tenantId,
      mailLogId,
      position,
      fileHash: a.fileHash,
      fileName: a.fileName,
      contentType: a.contentType,
      size: a.size,
    })),
  );
}

/** A new outgoing mail row; answers its id. */
export async function insertOutgoingRow(tx: TenantDb, values: NewMailRow): Promise<number | null> {
  const [row] = await tx.insert(mailLogs).values(values).returning({ id: mailLogs.id });
  return row?.id ?? null;
}

/** Overwrites a draft (only while it is one); answers its id, or null when it is no draft (any more). */
export async function updateDraftRow(
  tx: TenantDb,
  draftId: number,
  values: PgUpdateSetSource<typeof mailLogs>,
): Promise<number | null> {
  const [row] = await tx
    .update(mailLogs)
    .set(values)
    .where(and(eq(mailLogs.id, draftId), eq(mailLogs.sendState, 'draft')))
    .returning({ id: mailLogs.id });
  return row?.id ?? null;
}

/** The mail's send job, due now, or at `dueAt` (the end of an undo window, a "send later" time). */
export async function insertOutboxJob(
  tx: TenantDb,
  mailLogId: number,
  dueAt: SQL | null = null,
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ tenantId: tx.tenantId, mailLogId, ...(dueAt && { nextAttemptAt: dueAt }) });
}

/** One more mail of the case waits to be sent. */
export async function raiseCasePendingCount(tx: TenantDb, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({ sendPendingMailCount: sql`${cases.sendPendingMailCount} + 1` })
    .where(eq(cases.id, caseId));
}

/**
 * Whether the mailbox is the store's, has this address and is proven; its row is held with a
 * key share lock until the transaction ends: an address change (which locks the row FOR UPDATE)
 * waits for the mail being queued, then counts it pending; the fetch job's state updates do not wait.
 */
export async function holdOwnSenderMailbox(
  tx: TenantDb,
  mailboxId: number,
  address: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.address, address), isNotNull(mailboxes.verifiedAt)))
    .for('key share');
  return rows.length > 0;
}
