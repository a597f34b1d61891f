import { eq } from 'drizzle-orm';
import { cases, mailLogs } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** What a notification of a new mail tells, and whom it is for. */
export interface MailToAnnounce {
  fromName: string | null;
  fromAddress: string | null;
  subject: string;
  /** Whether it still deserves a notification: inbound, a person's (no auto-reply or bounce), unread, not binned. */
  isWorthTelling: boolean;
  onCase: { id: number; caseNumber: number; workFlow: string; assignee: string | null } | null;
}

/** The mail a queued notification is about; null when it is gone. */
export async function mailToAnnounce(db: TenantDb, mailLogId: number): Promise<MailToAnnounce | null> {
  const [row] = await db
    .select({
      fromName: mailLogs.fromName,
      fromAddress: mailLogs.fromAddress,
      subject: mailLogs.subject,
      direction: mailLogs.direction,
      autoKind: mailLogs.autoKind,
      isRead: mailLogs.isRead,
      isDeleted: mailLogs.isDeleted,
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      workFlow: cases.workFlow,
      assignee: cases.assignee,
      caseDeletedAt: cases.deletedAt,
    })
    .from(mailLogs)
    .leftJoin(cases, eq(cases.id, mailLogs.caseId))
    .where(eq(mailLogs.id, mailLogId));
  if (!row) return null;
  const { caseId, caseNumber, workFlow, assignee } = row;
  return {
    fromName: row.fromName,
    fromAddress: row.fromAddress,
    subject: row.subject,
    isWorthTelling:
      row.direction === 'in' &&
      row.autoKind === null &&
      !row.isRead &&
      !row.isDeleted &&
      row.caseDeletedAt === null,
    onCase:
      caseId !== null && caseNumber !== null && workFlow !== null
        ? { id: caseId, caseNumber, workFlow, assignee }
        : null,
  };
}
