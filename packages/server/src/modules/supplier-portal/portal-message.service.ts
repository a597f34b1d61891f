// A contact person's message on a case in the portal: it lands on the case's mail thread as a
// supplier mail in, from the contact, as if it had come by mail: the case counts it unread, it
// goes on the timeline, the store's screens hear of it and its notification is queued.
import { randomBytes } from 'node:crypto';
import {
  fieldProblem,
  type TFieldProblem,
  type TPortalMessageRequest,
  type TPortalMessageResponse,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { invalidFields, notFound } from '../../lib/app-error';
import type { AuthContext } from '../auth/auth-context';
import { lockCase } from '../cases/cases.repository';
import { notifyMailsChanged } from '../live/live-notify.repository';
import {
  assertWithinLimit,
  insertAttachmentRows,
  noteInboundMails,
  readUpload,
  type UploadReceipt,
} from '../mail/mail-inbound';
import { queueMailPushes } from '../push/push-queue.repository';
import { findPortalContact } from './portal-cases.repository';
import { insertPortalMail, latestSupplierMail } from './portal-message.repository';
import { answerableCase, portalEmail } from './supplier-portal.service';

/** The receipts of the uploads named; 400 on each one that is not this store's, or expired. */
function receiptsOf(deps: AppDeps, tenantId: string, uploadIds: string[]): UploadReceipt[] {
  const problems: Record<string, TFieldProblem> = {};
  const receipts = uploadIds.flatMap((uploadId, i) => {
    const receipt = readUpload(deps.hashKey, tenantId, uploadId);
    if (!receipt) problems[`uploadIds.${String(i)}`] = fieldProblem('invalid', 'Upload the file again');
    return receipt ? [receipt] : [];
  });
  if (Object.keys(problems).length > 0) throw invalidFields('A file is not uploaded', problems);
  return receipts;
}

export async function postPortalMessage(
  deps: AppDeps,
  auth: AuthContext,
  caseId: number,
  body: TPortalMessageRequest,
): Promise<TPortalMessageResponse> {
  const email = portalEmail(auth);
  const found = await answerableCase(deps, auth.db, caseId, email);
  const receipts = receiptsOf(deps, auth.tenantId, body.uploadIds ?? []);
  assertWithinLimit(
    receipts.reduce((sum, r) => sum + r.size, 0),
    deps.config.MAIL_MAX_ATTACHMENT_BYTES,
  );
  const contact = await findPortalContact(auth.db, email);
  const now = new Date();
  return auth.db.transaction(async (tx) => {
    if (!(await lockCase(tx, caseId))) throw notFound('Case');
    // It answers the case's latest supplier mail, so its thread reads as one conversation.
    const previous = await latestSupplierMail(tx, caseId);
    const subject = previous?.subject
      ? previous.subject.replace(/^(re:\s*)?/i, 'Re: ')
      : `Case ${String(found.caseNumber)}`;
    const mailLogId = await insertPortalMail(tx, {
      caseId,
      messageId: `<portal.${randomBytes(12).toString('hex')}@claimdesk.invalid>`,
      inReplyTo: previous?.messageId ?? null,
      references: previous ? [previous.messageId] : [],
      fromAddress: email,
      fromName: contact.fullName,
      subject,
      text: body.text,
      at: now,
    });
    await insertAttachmentRows(
      tx,
      receipts.map((r, position) => ({
        mailLogId,
        position,
        fileHash: r.fileHash,
        fileName: r.fileName,
        contentType: r.fileType,
        size: r.size,
      })),
    );
    await noteInboundMails(tx, [{ caseId, mailLogId, sender: email }]);
    await notifyMailsChanged(tx, [caseId]);
    await queueMailPushes(tx, [mailLogId]);
    return { mailLogId };
  });
}
