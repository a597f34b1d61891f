import {
  parseAttachmentPath,
  type TComposeAttachmentRef,
  type TComposeFields,
  type TComposeSendType,
  type TMailLogType,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError } from '../../../lib/app-error';
import type { FileStorage } from '../../../lib/file-storage';
import type { AuthContext } from '../../../auth-context';
import { sanitiseOutgoingHtml } from '../common/mail-html';
import type { OutgoingAttachment, OutgoingMail } from '../outbox/queue-mail.service';
import type { Sender } from './compose-context.service';
import { findAttachmentFile, findCaseMail, type ComposeCase, type MailRow } from './compose.repository';
import { htmlToText } from './compose-text';
import { assertWithinLimit, readUpload } from './outgoing-attachments';

/** What a composed mail is about: its case (or none), who it is for, the mail it answers or forwards. */
export interface ComposeTarget {
  caseRow: ComposeCase | null;
  sendType: TComposeSendType | null;
  answered: MailRow | null;
  /** The type when there is no send type (a mail without a case, a draft that keeps its own). */
  mailLogType?: TMailLogType;
  /** Thread headers to use as they are (a draft keeps the ones it was saved with). */
  threadOverride?: { messageId: string; references: string[] } | null;
}

/**
 * The files behind a mail's attachment references: uploads of this store (400 when unknown or
 * expired) and attachments of the store's mails by filePath (404 when there is no such one).
 * Over `maxBytes` in total is a 413.
 */
async function resolveAttachments(
  tx: TenantDb,
  deps: { files: FileStorage; hashKey: string },
  refs: TComposeAttachmentRef[],
  maxBytes: number,
): Promise<OutgoingAttachment[]> {
  const resolved: OutgoingAttachment[] = [];
  for (const [index, ref] of refs.entries()) {
    if (ref.uploadId !== undefined) {
      const receipt = readUpload(deps.hashKey, tx.tenantId, ref.uploadId);
      if (!receipt || !(await deps.files.has(receipt.fileHash))) {
        const message = 'Unknown or expired upload; upload the file again';
        throw new AppError('VALIDATION_FAILED', message, {
          [`attachments.${String(index)}.uploadId`]: message,
        });
      }
      resolved.push({
        fileHash: receipt.fileHash,
        fileName: receipt.fileName,
        contentType: receipt.fileType,
        size: receipt.size,
      });
      continue;
    }
    const filePath = ref.filePath ?? '';
    const ids = parseAttachmentPath(filePath);
    if (!ids) {
      const message = 'Not an attachment path (mails/{mailLogId}/{attachmentId})';
      throw new AppError('VALIDATION_FAILED', message, {
        [`attachments.${String(index)}.filePath`]: message,
      });
    }
    const row = await findAttachmentFile(tx, ids.mailLogId, ids.attachmentId);
    if (!row) throw new AppError('NOT_FOUND', `Attachment ${filePath} not found`);
    resolved.push(row);
  }
  assertWithinLimit(
    resolved.reduce((sum, a) => sum + a.size, 0),
    maxBytes,
  );
  return resolved;
}

/** The answered or forwarded mail of a case (404 when it is not one of the case's mails). */
export async function answeredMail(
  tx: TenantDb,
  caseRow: ComposeCase,
  mailLogId: number | null | undefined,
): Promise<MailRow | null> {
  return mailLogId ? findCaseMail(tx, caseRow.id, mailLogId) : null;
}

/** A forward takes the forwarded mail's type; a new mail without a case its own; else the send type's. */
function typeOf(target: ComposeTarget): TMailLogType {
  if (target.sendType === 'forward') return (target.answered?.mailLogType ?? 'customer') as TMailLogType;
  return target.sendType ?? target.mailLogType ?? 'customer';
}

/**
 * The outgoing mail for a compose form: sanitised HTML, text derived from it when not given,
 * the attachments resolved (and their total checked), and a reply's thread headers. A forward
 * starts a thread of its own (no In-Reply-To), but names the case in its Message-ID and tag.
 * `sender` is read before the transaction: on PGlite's one connection, a read outside an open
 * transaction waits for it forever.
 */
export async function buildOutgoing(
  tx: TenantDb,
  deps: AppDeps,
  auth: AuthContext,
  sender: Sender,
  target: ComposeTarget,
  fields: TComposeFields,
): Promise<OutgoingMail> {
  const html = sanitiseOutgoingHtml(fields.html);
  const isReply = target.answered !== null && target.sendType !== 'forward';
  return {
    tenantId: auth.tenantId,
    mailboxId: sender.mailboxId,
    createdBy: auth.username,
    mailLogType: typeOf(target),
    caseId: target.caseRow?.id ?? null,
    caseNumber: target.caseRow?.caseNumber ?? null,
    from: sender.from,
    to: fields.to.map((address) => ({ address })),
    cc: fields.cc.map((address) => ({ address })),
    bcc: fields.bcc.map((address) => ({ address })),
    subject: fields.subject,
    // An empty body goes as plain text alone, not as an empty HTML part.
    html: html.trim() === '' ? null : html,
    text: fields.text ?? htmlToText(html),
    replyTo:
      target.threadOverride !== undefined
        ? target.threadOverride
        : isReply && target.answered
          ? { messageId: target.answered.messageId, references: target.answered.references }
          : null,
    attachments: await resolveAttachments(
      tx,
      deps,
      fields.attachments,
      deps.config.MAIL_MAX_ATTACHMENT_BYTES,
    ),
  };
}
