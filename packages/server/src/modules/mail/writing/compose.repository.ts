import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { mailAttachments, mailLogs, mailboxes } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { notFound } from '../../../lib/app-error';

export type MailRow = typeof mailLogs.$inferSelect;
export type AttachmentRow = typeof mailAttachments.$inferSelect;

/** What composing needs of a case. */
export interface ComposeCase {
  id: number;
  caseNumber: number;
  workFlow: string;
  customerName: string;
  customerEmail: string | null;
  supplierName: string | null;
}

/** The store's own mailbox addresses, lower case: a reply never goes back to them. */
export async function listOwnAddresses(db: TenantDb): Promise<Set<string>> {
  const rows = await db.select({ address: mailboxes.address }).from(mailboxes);
  return new Set(rows.map((r) => r.address.toLowerCase()));
}

/** The live case {id} of workflow {x}; 404 when the store has no such case in that workflow. */
export async function findComposeCase(db: TenantDb, workFlow: string, id: number): Promise<ComposeCase> {
  const [row] = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      workFlow: cases.workFlow,
      customerName: cases.customerName,
      customerEmail: cases.customerEmail,
      supplierName: cases.supplierName,
    })
    .from(cases)
    .where(and(eq(cases.id, id), eq(cases.workFlow, workFlow), isNull(cases.deletedAt)));
  if (!row) throw notFound('Case');
  return row;
}

/** A mail of the case (not deleted, not a draft): the one answered or forwarded. 404 otherwise. */
export async function findCaseMail(db: TenantDb, caseId: number, mailLogId: number): Promise<MailRow> {
  const [row] = await db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.id, mailLogId), eq(mailLogs.caseId, caseId), eq(mailLogs.isDeleted, false)));
  if (!row || row.sendState === 'draft') throw notFound('Mail');
  return row;
}

/** The store's first enabled mailbox by id whose address it proved; undefined when it has none. */
export async function findSendingMailbox(db: TenantDb): Promise<{ id: number; address: string } | undefined> {
  const [mailbox] = await db
    .select({ id: mailboxes.id, address: mailboxes.address })
    .from(mailboxes)
    .where(and(eq(mailboxes.isEnabled, true), isNotNull(mailboxes.verifiedAt)))
    .orderBy(asc(mailboxes.id))
    .limit(1);
  return mailbox;
}

/** The attachments of a mail of the store, in their order (inline images included). */
export function listMailAttachments(db: TenantDb, mailLogId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(mailAttachments)
    .where(eq(mailAttachments.mailLogId, mailLogId))
    .orderBy(asc(mailAttachments.position));
}

/** The stored file of an attachment of a mail of the store that is not deleted; undefined otherwise. */
export async function findAttachmentFile(
  db: TenantDb,
  mailLogId: number,
  attachmentId: number,
): Promise<{ fileHash: string; fileName: string; contentType: string; size: number } | undefined> {
  const [row] = await db
    .select({
      fileHash: mailAttachments.fileHash,
      fileName: mailAttachments.fileName,
      contentType: mailAttachments.contentType,
      size: mailAttachments.size,
    })
    .from(mailAttachments)
    .innerJoin(mailLogs, eq(mailLogs.id, mailAttachments.mailLogId))
    .where(
      and(
        eq(mailAttachments.id, attachmentId),
        eq(mailAttachments.mailLogId, mailLogId),
        eq(mailLogs.isDeleted, false),
      ),
    );
  return row;
}
