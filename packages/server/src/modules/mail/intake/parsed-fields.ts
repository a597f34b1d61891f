import type { FileStorage } from '../../../lib/file-storage';
import type { NewAttachment } from './ingest.repository';
import type { ParsedMail } from './parse-mail';

/** The mail row's columns that come from parsing (all but ids, mailbox, states and times). */
export const parsedFields = (parsed: ParsedMail) => ({
  inReplyTo: parsed.inReplyTo,
  references: parsed.references,
  fromAddress: parsed.from?.address ?? null,
  fromName: parsed.from?.name ?? null,
  to: parsed.to,
  cc: parsed.cc,
  bcc: parsed.bcc,
  replyTo: parsed.replyTo,
  subject: parsed.subject,
  text: parsed.text,
  html: parsed.html,
  sentAt: parsed.sentAt,
  autoKind: parsed.autoKind,
});

/** Puts each attachment in file storage (once per content) and answers their keys in order. */
export async function storeAttachments(files: FileStorage, parsed: ParsedMail): Promise<string[]> {
  const keys: string[] = [];
  for (const attachment of parsed.attachments) keys.push(await files.put(attachment.content));
  return keys;
}

/** The attachment rows of a parsed mail, in order. */
export const attachmentValues = (mailLogId: number, parsed: ParsedMail, keys: string[]): NewAttachment[] =>
  parsed.attachments.map((a, position) => ({
    mailLogId,
    position,
    fileHash: keys[position] ?? '',
    fileName: a.fileName,
    contentType: a.contentType,
    size: a.content.byteLength,
    contentId: a.contentId,
    isInline: a.isInline,
  }));
