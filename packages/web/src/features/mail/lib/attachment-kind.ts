import type { TMailAttachment } from '@claimdesk/contracts';

export type TAttachmentKind =
  'image' | 'pdf' | 'text' | 'archive' | 'spreadsheet' | 'document' | 'mail' | 'other';

const extension = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

const PREVIEW_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif']);

/** What kind of file an attachment is, from its content type and else its name. */
export const attachmentKind = ({
  fileType,
  fileName,
}: Pick<TMailAttachment, 'fileType' | 'fileName'>): TAttachmentKind => {
  const type = fileType.toLowerCase();
  const ext = extension(fileName);
  if (type.startsWith('image/') || IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type === 'text/plain' || ext === 'txt' || ext === 'log') return 'text';
  if (/zip|compressed|x-tar|x-7z|rar/.test(type) || ['zip', '7z', 'rar', 'gz', 'tar'].includes(ext))
    return 'archive';
  if (/spreadsheet|excel|csv/.test(type) || ['xls', 'xlsx', 'csv', 'ods'].includes(ext)) return 'spreadsheet';
  if (/word|opendocument\.text|rtf/.test(type) || ['doc', 'docx', 'odt', 'rtf'].includes(ext))
    return 'document';
  if (type === 'message/rfc822' || ext === 'eml') return 'mail';
  return 'other';
};

/** Whether the page can show the attachment itself (the server turns HEIC into JPEG for the preview). */
export const canPreview = (attachment: Pick<TMailAttachment, 'fileType' | 'fileName'>): boolean => {
  const kind = attachmentKind(attachment);
  if (kind === 'pdf' || kind === 'text') return true;
  if (kind !== 'image') return false;
  const type = attachment.fileType.toLowerCase();
  return (
    PREVIEW_IMAGES.has(type) ||
    (!type.startsWith('image/') && IMAGE_EXTENSIONS.has(extension(attachment.fileName)))
  );
};

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size in the UI language: 512 bytes, 1.2 kB, 3.4 MB. Counted in 1024s, as the limits are
 * set (MAIL_MAX_ATTACHMENT_BYTES 26214400 is the README's 25 MB, not 26.2 MB) and as mail
 * programs and file managers count.
 */
export const formatFileSize = (bytes: number, locale: string): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
};
