import type { TenantDb } from '../../../db/tenant-db';
import { notifyMailsChanged } from '../../cases/live-notify.repository';
import { queueMailPushes } from '../../push/push-queue.repository';
import { findCaseForMail, type ThreadingOptions, type ThreadLookups } from '../threading/find-case.service';
import type { InboundOnCase } from '../threading/inbound-on-case.repository';
import { insertAttachmentRows, insertInboundRows, type InboundRow } from './ingest.repository';
import type { ParsedMail } from './parse-mail';
import { takeMailsOnCases } from './mails-on-cases.service';
import { attachmentValues, parsedFields } from './parsed-fields';

/** A parsed mail whose raw file and attachments are in file storage, ready for its row. */
export interface MailToWrite {
  parsed: ParsedMail;
  /** The id to store it under: its own Message-ID, or the made-up one of its raw bytes. */
  messageId: string;
  rawHash: string;
  rawSize: number;
  attachmentKeys: string[];
}

export interface WriteInput {
  mailboxId?: number | null;
  threading?: ThreadingOptions;
  receivedAt: Date;
}

/**
 * Writes parsed inbound mails in the caller's transaction, in order: each threaded onto its case
 * (PRODUCT.md's rules; a mail may answer one written before it in the same call) or unmapped,
 * then the rows in one statement, their attachments in one, and the case changes (unread
 * counts, timeline, search words) once per case. Answers each mail's new row id, or null when
 * the store has a mail with that Message-ID already (or it came twice in this call): nothing is
 * written for it. `lookups` are the batch's thread lookups made in advance.
 */
export async function writeParsedMails(
  tx: TenantDb,
  input: WriteInput,
  mails: MailToWrite[],
  lookups?: ThreadLookups,
): Promise<(number | null)[]> {
  if (mails.length === 0) return [];
  const matches: (number | null)[] = [];
  for (const mail of mails) {
    const sender = mail.parsed.from?.address ?? null;
    const match = await findCaseForMail(
      tx,
      { ...mail.parsed, fromAddress: sender },
      input.threading,
      lookups,
    );
    matches.push(match?.caseId ?? null);
    if (match && lookups) {
      // A later mail of the call that answers this one, or whose sender wrote here, finds the case.
      lookups.caseOfMessage.set(mail.messageId, match.caseId);
      if (sender) lookups.senders.add(`${String(match.caseId)} ${sender}`);
    }
  }
  const rows = await insertInboundRows(
    tx,
    { mailboxId: input.mailboxId ?? null, receivedAt: input.receivedAt },
    mails.map((mail, index) => inboundRow(mail, matches[index] ?? null)),
  );
  const idOf = new Map(rows.map((r) => [r.messageId, r.id]));
  const ids = mails.map((mail) => {
    const id = idOf.get(mail.messageId) ?? null;
    // The first mail with a Message-ID has the row; a second one in the same call did not write.
    idOf.delete(mail.messageId);
    return id;
  });
  const attachments = mails.flatMap((mail, index) => {
    const id = ids[index];
    return id === null || id === undefined ? [] : attachmentValues(id, mail.parsed, mail.attachmentKeys);
  });
  await insertAttachmentRows(tx, attachments);
  const onCases: InboundOnCase[] = mails.flatMap((mail, index) => {
    const caseId = matches[index];
    const mailLogId = ids[index];
    return caseId && mailLogId ? [{ caseId, mailLogId, sender: mail.parsed.from?.address ?? null }] : [];
  });
  await takeMailsOnCases(tx, onCases);
  // Heard by the browsers when the mails commit: the counts once, each case's thread once; and
  // the notifications of the new mails queued to go out then.
  const written = ids.filter((id) => id !== null);
  if (written.length > 0) {
    await notifyMailsChanged(
      tx,
      onCases.map((m) => m.caseId),
    );
    await queueMailPushes(tx, written);
  }
  return ids;
}

/** A mail's row as the batch insert takes it. */
function inboundRow(mail: MailToWrite, caseId: number | null): InboundRow {
  const fields = parsedFields(mail.parsed);
  return {
    case_id: caseId,
    message_id: mail.messageId,
    in_reply_to: fields.inReplyTo,
    refs: fields.references,
    from_address: fields.fromAddress,
    from_name: fields.fromName,
    to: fields.to,
    cc: fields.cc,
    bcc: fields.bcc,
    reply_to: fields.replyTo,
    subject: fields.subject,
    text: fields.text,
    html: fields.html,
    sent_at: fields.sentAt?.toISOString() ?? null,
    auto_kind: fields.autoKind,
    raw_file_hash: mail.rawHash,
    raw_size: mail.rawSize,
  };
}
