import { z } from 'zod';

/**
 * The bin. DELETE /v2/api/claims/mails/{id} (isDelete=false) moves a mail into it; PUT
 * /v2/api/claims/mails/{id}/restore takes it back out (204; a mail not in the bin is 409);
 * DELETE /v2/api/unmapped-mails/bin empties it: each binned mail is removed for good and leaves a
 * tombstone of its Message-ID, so fetching never brings it back. GET
 * /v2/api/unmapped-mails?type=bin lists it. Staff only.
 */
export const ZEmptyBinResponse = z.object({
  /** How many mails were removed for good. */
  purged: z.number().int(),
});
export type TEmptyBinResponse = z.infer<typeof ZEmptyBinResponse>;

/**
 * GET /v2/api/claims/mails/{id}/source: the mail as it came, an RFC 822 `.eml` download
 * (message/rfc822, Content-Disposition attachment). 404 when the store has no raw copy (a mail
 * composed here before it was sent).
 */
export const MAIL_SOURCE_CONTENT_TYPE = 'message/rfc822';
