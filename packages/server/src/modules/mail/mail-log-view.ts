import { attachmentPath, type TMailLog } from '@claimdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { mailAttachments, mailLogs } from '../../db/mail-schema';
import { cases } from '../../db/schema';
import type { Tx } from '../cases/case-search';
import { BLOCKED_SRC_ATTRIBUTE, sanitiseMailHtml } from './mail-html';

type MailLogRow = typeof mailLogs.$inferSelect;
type AttachmentRow = typeof mailAttachments.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * A mail row as the API shows it. The HTML is sanitised again on the way out (PRODUCT.md, Mail):
 * a row written before a sanitiser fix is made safe all the same.
 */
export function toMailLog(
  row: MailLogRow,
  attachments: AttachmentRow[],
  caseInfo: { caseNumber: number; workFlow: string } | null,
): TMailLog {
  const html = row.html === null ? null : sanitiseMailHtml(row.html);
  return {
    id: row.id,
    caseId: row.caseId,
    caseNumber: caseInfo?.caseNumber ?? null,
    workFlow: caseInfo?.workFlow ?? null,
    mailboxId: row.mailboxId,
    direction: row.direction as TMailLog['direction'],
    mailLogType: row.mailLogType as TMailLog['mailLogType'],
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    from: row.fromAddress ? { name: row.fromName, address: row.fromAddress } : null,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.text,
    html,
    hasBlockedImages: html?.includes(BLOCKED_SRC_ATTRIBUTE) ?? false,
    sentAt: iso(row.sentAt),
    receivedAt: iso(row.receivedAt),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    isRead: row.isRead,
    sendState: row.sendState as TMailLog['sendState'],
    sendAttempts: row.sendAttempts,
    sendError: row.sendError,
    parseState: row.parseState as TMailLog['parseState'],
    parseError: row.parseError,
    autoKind: row.autoKind as TMailLog['autoKind'],
    attachments: attachments.map((a) => ({
      id: a.id,
      filePath: attachmentPath(row.id, a.id),
      fileType: a.contentType,
      fileName: a.fileName,
      size: a.size,
      isInline: a.isInline,
      contentId: a.contentId,
    })),
  };
}

/** The store's mails with these ids as the API shows them, in the order of `ids`. */
export async function loadMailLogs(tx: Tx, tenantId: string, ids: number[]): Promise<TMailLog[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ mail: mailLogs, caseNumber: cases.caseNumber, workFlow: cases.workFlow })
    .from(mailLogs)
    .leftJoin(cases, and(eq(cases.tenantId, mailLogs.tenantId), eq(cases.id, mailLogs.caseId)))
    .where(and(eq(mailLogs.tenantId, tenantId), inArray(mailLogs.id, ids)));
  const attachments = await tx
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.tenantId, tenantId), inArray(mailAttachments.mailLogId, ids)))
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
