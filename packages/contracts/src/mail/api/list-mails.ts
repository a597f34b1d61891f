import { z } from 'zod';
import { ZId } from '../../common';
import { ZText } from '../../text';
import { ZMailDirection, ZMailLogType, ZMailSendState } from '../mail-enums';
import { ZMailLog } from '../mail-log';

export const INBOX_PAGE_SIZE = 50;
export const INBOX_MAX_PAGE_SIZE = 100;
/** A search is at most this long; longer input is a 400, not a slow query. */
export const INBOX_SEARCH_MAX_LENGTH = 200;

/** Where the inbox's mails come from (the web route /messages/{messageSource}); only mail so far. */
export const MESSAGE_SOURCES = ['mail'] as const;
export const ZMessageSource = z.enum(MESSAGE_SOURCES);
export type TMessageSource = z.infer<typeof ZMessageSource>;

/**
 * GET /v2/api/messages/{messageSource}?search=&isUnread=&isUnmapped=&isFailed=&isMine=&mailboxId=&mailLogType=&direction=&cursor=&limit=:
 * the store's mails, newest first (the inbox at /messages/mail). Each filter narrows when given:
 * `isUnread` unread inbound mails, `isUnmapped` mails without a case, `isFailed` outgoing mails
 * whose sending failed, `isMine` mails on cases assigned to the caller, `mailboxId` one mailbox,
 * `mailLogType` customer, supplier or internal, `direction` in or out. `search` matches every
 * word as a prefix of a word of the sender (name or address), the subject or the text. Drafts and
 * deleted mails are left out. Keyset paging: pass the answer's `nextCursor` as `cursor`.
 * Staff only.
 */
export const ZListMailsQuery = z.object({
  search: ZText.max(INBOX_SEARCH_MAX_LENGTH).optional(),
  isUnread: z.stringbool().optional(),
  isUnmapped: z.stringbool().optional(),
  isFailed: z.stringbool().optional(),
  isMine: z.stringbool().optional(),
  mailboxId: z.coerce.number().pipe(ZId).optional(),
  mailLogType: ZMailLogType.optional(),
  direction: ZMailDirection.optional(),
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
});
export type TListMailsQuery = z.infer<typeof ZListMailsQuery>;

export const ZListMailsParams = z.object({ messageSource: ZMessageSource });
export type TListMailsParams = z.infer<typeof ZListMailsParams>;

/**
 * A mail in the inbox: the mail log without its text and HTML (a page stays small), with the
 * first 200 characters of its text (whitespace folded) as `snippet`, and the send state of an
 * outgoing one. GET /v2/api/claims/mails/{id} reads the whole mail.
 */
export const ZInboxMail = ZMailLog.omit({ text: true, html: true }).extend({
  snippet: z.string(),
  sendState: ZMailSendState.nullable(),
});
export type TInboxMail = z.infer<typeof ZInboxMail>;

export const ZListMailsResponse = z.object({
  items: z.array(ZInboxMail),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TListMailsResponse = z.infer<typeof ZListMailsResponse>;
