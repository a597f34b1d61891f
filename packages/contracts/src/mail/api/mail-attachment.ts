import { z } from 'zod';
import { ZText } from '../../text';
import { parseAttachmentPath } from '../mail-log';

/**
 * GET /v2/api/claims/mails/mail-attachment?attachmentDetail= (download) and
 * GET /v2/api/claims/mails/preview/attachment?attachmentDetail= (preview): the bytes of one
 * attachment, with its stored Content-Type, `X-Content-Type-Options: nosniff` and a
 * Content-Disposition naming the file (RFC 5987 `filename*` for non-ASCII names).
 *
 * The download is always `attachment`. The preview is `inline` only for types a browser shows
 * safely (images other than SVG, application/pdf, text/plain); any other type, text/html and
 * SVG included, comes as an attachment. Everything is served with `Content-Security-Policy:
 * sandbox`, except a PDF shown inline (Chromium will not run its PDF viewer in a sandboxed
 * document), which keeps the app's strict policy. `attachmentDetail` is an attachment's `filePath` (`mails/{mailLogId}/{attachmentId}`):
 * anything else is 400, an unknown one 404.
 */
export const ZMailAttachmentQuery = z.object({
  attachmentDetail: ZText.max(100).refine(
    (value) => parseAttachmentPath(value) !== null,
    'Not an attachment path (mails/{mailId}/{attachmentId})',
  ),
});
export type TMailAttachmentQuery = z.infer<typeof ZMailAttachmentQuery>;

/** The content types a preview shows inline; everything else is served as a download. */
export function isInlinePreviewType(contentType: string): boolean {
  const type = contentType.toLowerCase();
  if (type === 'application/pdf' || type === 'text/plain') return true;
  return type.startsWith('image/') && type !== 'image/svg+xml';
}
