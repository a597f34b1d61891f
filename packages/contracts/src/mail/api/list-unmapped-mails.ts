import { z } from 'zod';
import { ZText } from '../../text';
import { ZMailLog } from '../mail-log';

export const UNMAPPED_MAIL_TYPES = ['inbox', 'sent', 'drafts', 'unparseable', 'bin'] as const;
export type TUnmappedMailType = (typeof UNMAPPED_MAIL_TYPES)[number];
export const UNMAPPED_PAGE_SIZE = 50;
export const UNMAPPED_MAX_PAGE_SIZE = 100;

/**
 * GET /v2/api/unmapped-mails?type=&cursor=&limit=: the store's mails without a case, newest
 * first, for the screen /unmapped-mails/all/{type}. `inbox`: inbound mails that were parsed;
 * `sent`: outbound mails without a case (queued, sent or failed; not drafts); `drafts`: mails without a
 * case kept as drafts (POST /v2/api/unmapped-mails/compose-mail/drafts); `unparseable`: mails the
 * parser refused (their raw message is the attachment message.eml; POST /{id}/reparse tries
 * again); `bin`: mails without a case that were deleted into the bin (DELETE
 * /v2/api/claims/mails/{id}), of every kind, newest first: PUT /v2/api/claims/mails/{id}/restore
 * takes one back, DELETE /v2/api/unmapped-mails/bin empties it (mail-bin.ts). The other lists
 * leave deleted mails out. Paging is by keyset: pass the answer's `nextCursor` as `cursor`.
 */
export const ZListUnmappedMailsQuery = z.object({
  type: z.enum(UNMAPPED_MAIL_TYPES),
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(UNMAPPED_MAX_PAGE_SIZE).default(UNMAPPED_PAGE_SIZE),
});
export type TListUnmappedMailsQuery = z.infer<typeof ZListUnmappedMailsQuery>;

/**
 * A mail in the unmapped list: the mail log without its text and HTML (a page stays small),
 * with the first 200 characters of its text (whitespace folded) as `snippet`. GET /v2/api/claims/mails/{id}
 * reads the whole mail.
 */
export const ZUnmappedMail = ZMailLog.omit({ text: true, html: true }).extend({ snippet: z.string() });
export type TUnmappedMail = z.infer<typeof ZUnmappedMail>;

export const ZListUnmappedMailsResponse = z.object({
  items: z.array(ZUnmappedMail),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TListUnmappedMailsResponse = z.infer<typeof ZListUnmappedMailsResponse>;
