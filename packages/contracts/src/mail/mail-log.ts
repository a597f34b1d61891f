import { z } from 'zod';
import { ZMailAutoKind, ZMailDirection, ZMailLogType, ZMailParseState, ZMailSendState } from './mail-enums';

/** A mail address with its display name, as on a mail. */
export const ZMailAddress = z.object({
  name: z.string().nullable().optional(),
  address: z.string(),
});
export type TMailAddress = z.infer<typeof ZMailAddress>;

/**
 * One attachment of a mail. Its attachment detail (source, section 3: "a file path and file
 * type") is `filePath` and `fileType`; `filePath` is what the attachment calls take as their
 * `attachmentDetail` query parameter: `mails/{mailLogId}/{attachmentId}`.
 */
export const ZMailAttachment = z.object({
  id: z.number().int(),
  filePath: z.string(),
  /** The stored content type, e.g. application/pdf. */
  fileType: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** An inline image of the HTML body (cid:), not a separate attachment for the reader. */
  isInline: z.boolean(),
  contentId: z.string().nullable(),
});
export type TMailAttachment = z.infer<typeof ZMailAttachment>;

/** The attachment path of an attachment: `mails/{mailLogId}/{attachmentId}`. */
export const attachmentPath = (mailLogId: number, attachmentId: number): string =>
  `mails/${String(mailLogId)}/${String(attachmentId)}`;

/** Reads an attachment path back into its ids; null when it is not one. */
export function parseAttachmentPath(path: string): { mailLogId: number; attachmentId: number } | null {
  const match = /^mails\/(\d{1,9})\/(\d{1,9})$/.exec(path);
  if (!match) return null;
  return { mailLogId: Number(match[1]), attachmentId: Number(match[2]) };
}

/**
 * A mail log (source, section 3): one mail, inbound or outbound, on a case or unmapped
 * (caseId null). The HTML is sanitised; remote images in it are blocked (their address moved to
 * data-blocked-src) until the reader allows them.
 */
export const ZMailLog = z.object({
  id: z.number().int(),
  caseId: z.number().int().nullable(),
  caseNumber: z.number().int().nullable(),
  /** The case's workflow, for links; null for an unmapped mail. */
  workFlow: z.string().nullable(),
  mailboxId: z.number().int().nullable(),
  direction: ZMailDirection,
  mailLogType: ZMailLogType,
  messageId: z.string(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  from: ZMailAddress.nullable(),
  to: z.array(ZMailAddress),
  cc: z.array(ZMailAddress),
  bcc: z.array(ZMailAddress),
  replyTo: z.array(ZMailAddress),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  /** Whether the HTML has remote images that are blocked. */
  hasBlockedImages: z.boolean(),
  /** The Date header (ISO), when it could be read. */
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  isRead: z.boolean(),
  /** Outbound only. */
  sendState: ZMailSendState.nullable(),
  sendAttempts: z.number().int(),
  sendError: z.string().nullable(),
  /**
   * When a pending mail will leave (ISO): the end of its undo window, or the time chosen with
   * "send later"; null when it leaves at once, or is not pending.
   */
  sendAt: z.string().nullable(),
  /** A pending mail waiting for the time chosen with "send later". */
  isSendLater: z.boolean(),
  parseState: ZMailParseState,
  parseError: z.string().nullable(),
  /** Why no automatic mail may answer it; null for a person's mail. */
  autoKind: ZMailAutoKind.nullable(),
  attachments: z.array(ZMailAttachment),
});
export type TMailLog = z.infer<typeof ZMailLog>;
