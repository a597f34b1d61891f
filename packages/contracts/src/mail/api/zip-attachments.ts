import { ZMailIdParams } from './mail-id';

/**
 * GET /v2/api/claims/mails/zip/{id}/attachments and
 * GET /v2/api/unmapped-mails/zip/{id}/attachments: a zip (application/zip, named
 * `mail-{id}-attachments.zip`) of mail {id}'s attachments under unique file names
 * (`name (2).ext` for a repeated name).
 *
 * Inline images of the HTML body (logos, signatures) are left out, since the reader asked for
 * the files sent with the mail; a mail whose only files are inline images gets those. A mail
 * without any file is 404.
 */
export const ZZipAttachmentsParams = ZMailIdParams;
