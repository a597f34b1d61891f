import type { TMailLog, TMailLogType } from '@claimdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { mailAttachments, mailLogs } from '../../../db/schema';
import { cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import type { CaseReader } from '../../cases/case-access';
import { toMailLog } from './mail-log-view';
import { visibleMail } from './mail-access.repository';

export type AttachmentRow = typeof mailAttachments.$inferSelect;

/** The ids of a case's mails the reader may see, oldest first (index mail_logs_case_idx). */
export async function caseMailIds(
  db: TenantDb,
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
        visibleMail(db, reader),
        mailLogType === undefined ? undefined : eq(mailLogs.mailLogType, mailLogType),
      ),
    )
    .orderBy(asc(mailLogs.createdAt), asc(mailLogs.id));
  return rows.map((r) => r.id);
}

/** Whether the reader may open this mail of the store. */
export async function canReadMail(db: TenantDb, id: number, reader: CaseReader): Promise<boolean> {
  const [row] = await db
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(and(eq(mailLogs.id, id), visibleMail(db, reader)));
  return Boolean(row);
}

/** The subject and raw file of a mail the reader may open, or null. */
export async function mailSourceOf(
  db: TenantDb,
  id: number,
  reader: CaseReader,
): Promise<{ subject: string; rawFileHash: string | null } | null> {
  const [row] = await db
    .select({ subject: mailLogs.subject, rawFileHash: mailLogs.rawFileHash })
    .from(mailLogs)
    .where(and(eq(mailLogs.id, id), visibleMail(db, reader)));
  return row ?? null;
}

/** One attachment of a mail the reader may open, or null. */
export async function findAttachment(
  db: TenantDb,
  mailLogId: number,
  attachmentId: number,
  reader: CaseReader,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select({ attachment: mailAttachments })
    .from(mailAttachments)
    .innerJoin(mailLogs, eq(mailLogs.id, mailAttachments.mailLogId))
    .where(
      and(
        eq(mailAttachments.id, attachmentId),
        eq(mailAttachments.mailLogId, mailLogId),
        eq(mailLogs.id, mailLogId),
        visibleMail(db, reader),
      ),
    );
  return row?.attachment ?? null;
}

/** The attachments of a mail the reader may open, in their order; null when the mail is not theirs. */
export async function mailAttachmentsOf(
  db: TenantDb,
  mailLogId: number,
  reader: CaseReader,
): Promise<AttachmentRow[] | null> {
  if (!(await canReadMail(db, mailLogId, reader))) return null;
  return db
    .select()
    .from(mailAttachments)
    .where(eq(mailAttachments.mailLogId, mailLogId))
    .orderBy(asc(mailAttachments.position), asc(mailAttachments.id));
}

/** The store's mails with these ids as the API shows them, in the order of `ids`. */
export async function loadMailLogs(db: TenantDb, ids: number[]): Promise<TMailLog[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ mail: mailLogs, caseNumber: cases.caseNumber, workFlow: cases.workFlow })
    .from(mailLogs)
    .leftJoin(cases, eq(cases.id, mailLogs.caseId))
    .where(inArray(mailLogs.id, ids));
  const attachments = await db
    .select()
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailLogId, ids))
    .orderBy(asc(mailAttachments.mailLogId), asc(mailAttachments.position));
  const byMail = new Map<number, AttachmentRow[]>();
  for (const a of attachments) byMail.set(a.mailLogId, [...(byMail.get(a.mailLogId) ?? []), a]);
  const byId = new Map(
    rows.map((r) => [
      r.mail.id,
      toMailLog(
        r.mail,
        byMail.get(r.mail.id) ?? [],
        r.caseNumber === null || r.workFlow === null
          ? null
          : { caseNumber: r.caseNumber, workFlow: r.workFlow },
      ),
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
