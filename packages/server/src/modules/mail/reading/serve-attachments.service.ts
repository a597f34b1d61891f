import { isInlinePreviewType, MAIL_SOURCE_CONTENT_TYPE, parseAttachmentPath } from '@claimdesk/contracts';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { invalid, notFound } from '../../../lib/app-error';
import type { CaseReader } from '../../cases/case-access';
import { zipAttachments, zipContents } from './attachments-zip';
import { contentDisposition, servedContentType } from './attachment-headers';
import { heicPreviewKey, isHeicType } from './heic-preview';
import { findAttachment, mailAttachmentsOf, mailSourceOf } from './mail-read.repository';

/**
 * Headers of every file we serve from a mail: the browser must not guess a type (nosniff), and
 * whatever it shows runs sandboxed (no scripts, no same-origin rights) even when opened inline.
 * The one exception is a PDF shown inline: Chromium refuses to start its PDF viewer in a
 * sandboxed document ("This page has been blocked"), so a PDF keeps the app's own strict policy
 * instead; with nosniff and its fixed type it can only ever be rendered by the PDF viewer.
 */
function fileHeaders(reply: FastifyReply, type: string, disposition: string): FastifyReply {
  const isInlinePdf = type === 'application/pdf' && disposition.startsWith('inline');
  reply
    .type(type)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store');
  return isInlinePdf ? reply : reply.header('content-security-policy', 'sandbox');
}

/**
 * One attachment's bytes. A download is always `attachment`; a preview is `inline` only for a
 * type a browser shows safely, anything else (HTML, SVG, scripts) downloads instead.
 */
export async function serveAttachment(
  deps: AppDeps,
  reply: FastifyReply,
  db: TenantDb,
  reader: CaseReader,
  attachmentDetail: string,
  mode: 'download' | 'preview',
): Promise<FastifyReply> {
  const path = parseAttachmentPath(attachmentDetail);
  if (!path) throw invalid('attachmentDetail', 'Not an attachment path (mails/{mailId}/{attachmentId})');
  const attachment = await findAttachment(db, path.mailLogId, path.attachmentId, reader);
  if (attachment && mode === 'preview' && isHeicType(servedContentType(attachment.contentType))) {
    const jpeg = await deps.files.stream(
      await heicPreviewKey(deps.files, attachment.fileHash, attachment.size),
    );
    if (!jpeg) throw notFound('Attachment');
    const name = `${attachment.fileName.replace(/\.(heic|heif)$/i, '')}.jpg`;
    return fileHeaders(reply, 'image/jpeg', contentDisposition('inline', name)).send(jpeg);
  }
  // Streamed from storage: a large attachment never sits in memory whole.
  const bytes = attachment ? await deps.files.stream(attachment.fileHash) : null;
  if (!attachment || !bytes) throw notFound('Attachment');
  const type = servedContentType(attachment.contentType);
  const isInline = mode === 'preview' && isInlinePreviewType(type);
  return fileHeaders(
    reply,
    type,
    contentDisposition(isInline ? 'inline' : 'attachment', attachment.fileName),
  ).send(bytes);
}

/** A zip of a mail's attachments; 404 for a mail that is not the reader's or has no files. */
export async function serveAttachmentsZip(
  deps: AppDeps,
  reply: FastifyReply,
  db: TenantDb,
  reader: CaseReader,
  mailLogId: number,
): Promise<FastifyReply> {
  const attachments = await mailAttachmentsOf(db, mailLogId, reader);
  if (!attachments || attachments.length === 0) throw notFound('Attachments of this mail');
  const zip = await zipAttachments(deps.files, zipContents(attachments), new Date());
  if (!zip) throw notFound('Attachments of this mail');
  return fileHeaders(
    reply,
    'application/zip',
    contentDisposition('attachment', `mail-${String(mailLogId)}-attachments.zip`),
  ).send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}

/** A file name for a mail's source: its subject (slashes kept as dashes), or its id. */
const sourceFileName = (id: number, subject: string) =>
  `${subject.replace(/[\\/]/g, '-').trim().slice(0, 120) || `mail-${String(id)}`}.eml`;

/**
 * GET /v2/api/claims/mails/{id}/source: the raw message as it came (mail-bin.ts), a download that
 * never renders (nosniff, sandbox). 404 when the reader may not open the mail or no raw copy is
 * stored.
 */
export async function serveMailSource(
  deps: AppDeps,
  reply: FastifyReply,
  db: TenantDb,
  reader: CaseReader,
  mailLogId: number,
): Promise<FastifyReply> {
  const mail = await mailSourceOf(db, mailLogId, reader);
  if (!mail) throw notFound('Mail');
  const bytes = mail.rawFileHash ? await deps.files.stream(mail.rawFileHash) : null;
  if (!bytes) throw notFound('The source of this mail');
  return fileHeaders(
    reply,
    MAIL_SOURCE_CONTENT_TYPE,
    contentDisposition('attachment', sourceFileName(mailLogId, mail.subject)),
  ).send(bytes);
}
