import type { TMailAutoKind } from '@claimdesk/contracts';
import { simpleParser, type AddressObject } from 'mailparser';
import type { StoredAddress } from '../../../db/schema';
import { sanitiseMailHtml } from '../common/mail-html';
import { madeUpMessageId, messageIdList, normaliseMessageId } from '../common/message-id';
import { detectAutoKind } from './auto-kind';

export interface ParsedAttachment {
  content: Buffer;
  fileName: string;
  contentType: string;
  contentId: string | null;
  isInline: boolean;
}

/** A mail as ingest stores it: ids normalised, texts cleaned for PostgreSQL, HTML sanitised. */
export interface ParsedMail {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: StoredAddress | null;
  to: StoredAddress[];
  cc: StoredAddress[];
  bcc: StoredAddress[];
  replyTo: StoredAddress[];
  subject: string;
  text: string | null;
  html: string | null;
  sentAt: Date | null;
  autoKind: TMailAutoKind | null;
  attachments: ParsedAttachment[];
}

/** PostgreSQL text holds no NUL; lone surrogates would not survive UTF-8 either. */
export const cleanText = (value: string): string =>
  value
    // eslint-disable-next-line no-control-regex -- NUL is what we take out
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function addresses(value: AddressObject | AddressObject[] | undefined): StoredAddress[] {
  const list: StoredAddress[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address) {
        const address = cleanText(entry.address).trim().toLowerCase();
        const name = entry.name ? cleanText(entry.name).trim() : '';
        list.push(name ? { name, address } : { address });
      }
    }
  };
  for (const item of Array.isArray(value) ? value : value ? [value] : []) visit(item.value);
  return list;
}

/** Parses a raw RFC 822 message; throws when the parser gives up (the caller keeps it as unparseable). */
export async function parseMail(raw: Buffer, rawHash: string): Promise<ParsedMail> {
  const mail = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
  // Raw header lines: mailparser folds some headers (List-*) into structured values under other keys.
  const header = (name: string) => {
    const line = mail.headerLines.find((h) => h.key === name)?.line;
    return line === undefined
      ? null
      : line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim();
  };
  const messageId = normaliseMessageId(cleanText(mail.messageId ?? '')) ?? madeUpMessageId(rawHash);
  const contentType = header('content-type') ?? 'text/plain';
  const html = typeof mail.html === 'string' ? sanitiseMailHtml(cleanText(mail.html)) : null;
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null;
  return {
    messageId,
    inReplyTo: messageIdList(mail.inReplyTo)[0] ?? null,
    references: messageIdList(mail.references),
    from: addresses(mail.from)[0] ?? null,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    bcc: addresses(mail.bcc),
    replyTo: addresses(mail.replyTo),
    subject: cleanText(mail.subject ?? '').trim(),
    text: mail.text ? cleanText(mail.text) : null,
    html,
    sentAt: date,
    autoKind: detectAutoKind(header, messageId, contentType),
    attachments: mail.attachments.map((a, index) => ({
      content: a.content,
      fileName: cleanText(a.filename ?? `attachment-${String(index + 1)}`),
      contentType: cleanText(a.contentType || 'application/octet-stream').toLowerCase(),
      contentId: a.contentId ? (normaliseMessageId(a.contentId)?.slice(1, -1) ?? null) : null,
      isInline: a.contentDisposition === 'inline' || a.related,
    })),
  };
}
