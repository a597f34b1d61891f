import type { TMailLogType } from '@claimdesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailAttachments, mailLogs } from '../../../db/mail-schema';
import type { CaseReader } from '../../cases/case-access';
import { visibleMail } from './mail-access';

/** The ids of a case's mails the reader may see, oldest first (index mail_logs_case_idx). */
export async function caseMailIds(
  db: Db,
  tenantId: string,
  caseId: number,
  reader: CaseReader,
  mailLogType: TMailLogType | undefined,
): Promise<number[]> {
  const rows = await db
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(
      and(
        eq(mailLogs.caseId, caseId),
        visibleMail(tenantId, reader),
        mailLogType === undefined ? undefined : eq(mailLogs.mailLogType, mailLogType),
      ),
    )
    .orderBy(asc(mailLogs.createdAt), asc(mailLogs.id));
  return rows.map((r) => r.id);
}

/** Whether the reader may open this mail of the store. */
export async function canReadMail(
  db: Db,
  tenantId: string,
  id: number,
  reader: CaseReader,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(and(eq(mailLogs.id, id), visibleMail(tenantId, reader)));
  return Boolean(row);
}

export type AttachmentRow = typeof mailAttachments.$inferSelect;

/** One attachment of a mail the reader may open, or null. */
export async function findAttachment(
  db: Db,
  tenantId: string,
  mailLogId: number,
  attachmentId: number,
  reader: CaseReader,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select({ attachment: mailAttachments })
    .from(mailAttachments)
    .innerJoin(
      mailLogs,
      and(eq(mailLogs.tenantId, mailAttachments.tenantId), eq(mailLogs.id, mailAttachments.mailLogId)),
    )
    .where(
      and(
        eq(mailAttachments.tenantId, tenantId),
        eq(mailAttachments.id, attachmentId),
        eq(mailAttachments.mailLogId, mailLogId),
        eq(mailLogs.id, mailLogId),
        visibleMail(tenantId, reader),
      ),
    );
  return row?.attachment ?? null;
}

/** The attachments of a mail the reader may open, in their order; null when the mail is not theirs. */
export async function mailAttachmentsOf(
  db: Db,
  tenantId: string,
  mailLogId: number,
  reader: CaseReader,
): Promise<AttachmentRow[] | null> {
  if (!(await canReadMail(db, tenantId, mailLogId, reader))) return null;
  return db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.tenantId, tenantId), eq(mailAttachments.mailLogId, mailLogId)))
    .orderBy(asc(mailAttachments.position), asc(mailAttachments.id));
}
