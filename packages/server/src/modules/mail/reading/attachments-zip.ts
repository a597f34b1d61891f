import { zipSync, type Zippable } from 'fflate';
import type { FileStorage } from '../../../lib/file-storage';
import type { AttachmentRow } from './mail-read.repository';
import { safeFileName } from './attachment-headers';

/** Types that are compressed already: stored as they are, deflating them only costs time. */
const PACKED =
  /^(image\/(?!svg|bmp)|video\/|audio\/|application\/(pdf|zip|gzip|x-7z|x-rar|vnd\.openxmlformats))/;

/**
 * The attachments a zip holds: the files sent with the mail, not the inline images of its HTML
 * body (logos, signatures); a mail whose only files are inline images gets those.
 */
export function zipContents(attachments: AttachmentRow[]): AttachmentRow[] {
  const files = attachments.filter((a) => !a.isInline);
  return files.length > 0 ? files : attachments;
}

/** `name.ext`, `name (2).ext`, …: unique without regard to letter case (Windows and macOS). */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = safeFileName(raw);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${String(n)})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip of the attachments, built in memory (attachments are bounded by the mail size limit).
 * Null when a file is missing from storage: the caller answers 404 rather than a partial zip.
 */
export async function zipAttachments(
  files: FileStorage,
  attachments: AttachmentRow[],
  modified: Date,
): Promise<Uint8Array | null> {
  const names = uniqueNames(attachments.map((a) => a.fileName));
  const entries: Zippable = {};
  for (const [index, attachment] of attachments.entries()) {
    const bytes = await files.get(attachment.fileHash);
    if (!bytes) return null;
    const level = PACKED.test(attachment.contentType.toLowerCase()) ? 0 : 6;
    entries[names[index] ?? `attachment-${String(index + 1)}`] = [bytes, { level, mtime: modified }];
  }
  return zipSync(entries);
}
