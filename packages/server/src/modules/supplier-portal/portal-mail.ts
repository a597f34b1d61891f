// What a contact person writes in the portal lands on the case's mail thread as a supplier mail
// in, from the contact, as if it had come by mail: the case counts it unread, it goes on the
// timeline, the store's screens hear of it, and its browser notification (to the case's
// assignee) is queued. Messages and answers both arrive this way.
import { randomBytes } from 'node:crypto';
import type { TenantDb } from '../../db/tenant-db';
import { notifyMailsChanged } from '../cases/live-notify.repository';
import { insertAttachmentRows, takeMailsOnCases, type UploadReceipt } from '../mail/mail-inbound';
import { queueMailPushes } from '../push/push-queue.repository';
import { insertPortalMail, latestSupplierMail } from './portal-message.repository';

export interface ContactMail {
  caseId: number;
  caseNumber: number;
  email: string;
  fullName: string | null;
  text: string;
  files?: UploadReceipt[];
}

/** Writes the contact's mail on the (locked) case in the caller's transaction; answers its id. */
export async function postContactMail(tx: TenantDb, mail: ContactMail): Promise<number> {
  // It answers the case's latest supplier mail, so its thread reads as one conversation.
  const previous = await latestSupplierMail(tx, mail.caseId);
  const subject = previous?.subject
    ? previous.subject.replace(/^(re:\s*)?/i, 'Re: ')
    : `Case ${String(mail.caseNumber)}`;
  const mailLogId = await insertPortalMail(tx, {
    caseId: mail.caseId,
    messageId: `<portal.${randomBytes(12).toString('hex')}@claimdesk.invalid>`,
    inReplyTo: previous?.messageId ?? null,
    references: previous ? [previous.messageId] : [],
    fromAddress: mail.email,
    fromName: mail.fullName,
    subject,
    text: mail.text,
    at: new Date(),
  });
  await insertAttachmentRows(
    tx,
    (mail.files ?? []).map((r, position) => ({
      mailLogId,
      position,
      fileHash: r.fileHash,
      fileName: r.fileName,
      contentType: r.fileType,
      size: r.size,
    })),
  );
  await takeMailsOnCases(tx, [{ caseId: mail.caseId, mailLogId, sender: mail.email }]);
  await notifyMailsChanged(tx, [mail.caseId]);
  await queueMailPushes(tx, [mailLogId]);
  return mailLogId;
}
