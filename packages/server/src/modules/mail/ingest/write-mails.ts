import { sql } from 'drizzle-orm';
import { mailAttachments } from '../../../db/mail-schema';
import type { Tx } from '../../cases/case-search';
import { findCaseForMail, type ThreadingOptions, type ThreadLookups } from '../threading/find-case';
import { noteInboundMails, type InboundOnCase } from '../threading/inbound-on-case';
import type { ParsedMail } from './parse-mail';
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
  tenantId: string;
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
  tx: Tx,
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
      input.tenantId,
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
  const rows = await insertMailRows(tx, input, mails, matches);
  const idOf = new Map(rows.map((r) => [r.messageId, r.id]));
  const ids = mails.map((mail) => {
    const id = idOf.get(mail.messageId) ?? null;
    // The first mail with a Message-ID has the row; a second one in the same call did not write.
    idOf.delete(mail.messageId);
    return id;
  });
  const attachments = mails.flatMap((mail, index) => {
    const id = ids[index];
    return id === null || id === undefined
      ? []
      : attachmentValues(input.tenantId, id, mail.parsed, mail.attachmentKeys);
  });
  if (attachments.length > 0) await tx.insert(mailAttachments).values(attachments);
  const onCases: InboundOnCase[] = mails.flatMap((mail, index) => {
    const caseId = matches[index];
    const mailLogId = ids[index];
    return caseId && mailLogId ? [{ caseId, mailLogId, sender: mail.parsed.from?.address ?? null }] : [];
  });
  await noteInboundMails(tx, input.tenantId, onCases);
  return ids;
}

/**
 * The rows in one statement with one parameter: the batch as JSON, expanded by
 * jsonb_to_recordset. A multi-row VALUES of ~20 columns per mail costs more to build and send
 * than the database spends storing it. ON CONFLICT leaves a taken Message-ID alone.
 */
async function insertMailRows(
  tx: Tx,
  input: WriteInput,
  mails: MailToWrite[],
  matches: (number | null)[],
): Promise<{ id: number; messageId: string }[]> {
  const batch = mails.map((mail, index) => {
    const fields = parsedFields(mail.parsed);
    return {
      case_id: matches[index] ?? null,
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
  });
  const result = await tx.execute(sql`
    INSERT INTO mail_logs (tenant_id, case_id, mailbox_id, direction, message_id, in_reply_to,
      "references", from_address, from_name, "to", cc, bcc, reply_to, subject, text, html, sent_at,
      auto_kind, raw_file_hash, raw_size, received_at)
    SELECT ${input.tenantId}, m.case_id, ${input.mailboxId ?? null}::int, 'in', m.message_id, m.in_reply_to,
      ARRAY(SELECT jsonb_array_elements_text(m.refs)), m.from_address, m.from_name, m."to", m.cc, m.bcc,
      m.reply_to, m.subject, m.text, m.html, m.sent_at, m.auto_kind, m.raw_file_hash, m.raw_size,
      ${input.receivedAt.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS m(case_id int, message_id text,
      in_reply_to text, refs jsonb, from_address text, from_name text, "to" jsonb, cc jsonb, bcc jsonb,
      reply_to jsonb, subject text, text text, html text, sent_at timestamptz, auto_kind text,
      raw_file_hash text, raw_size int)
    ON CONFLICT (tenant_id, message_id) DO NOTHING
    RETURNING id, message_id`);
  const { rows } = result as { rows: { id: number; message_id: string }[] };
  return rows.map((r) => ({ id: r.id, messageId: r.message_id }));
}
