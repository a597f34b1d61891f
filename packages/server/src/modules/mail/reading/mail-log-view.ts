import { attachmentPath, type TMailLog } from '@claimdesk/contracts';
import { mailAttachments, mailLogs } from '../../../db/schema';
import { BLOCKED_SRC_ATTRIBUTE, sanitiseMailHtml } from '../common/mail-html';

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
    sendAt: iso(row.sendAt),
    isSendLater: row.isSendLater,
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
