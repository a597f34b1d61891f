/** A MIME type as stored on an attachment; anything that is not one plainly is served as bytes. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The Content-Type to serve an attachment with: its stored type, lower-cased and without
 * parameters, or application/octet-stream when the sender's type is not a plain MIME type (a
 * header value must never carry what a mail put there).
 */
export function servedContentType(stored: string): string {
  const type = (stored.split(';')[0] ?? '').trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

/**
 * A file name fit for a download or a zip entry: no folders (a name like `../../x` stays a
 * name), no control characters, not empty, at most 200 characters.
 */
export function safeFileName(name: string, fallback = 'attachment'): string {
  const base = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .split(/[\\/]/)
    .at(-1)
    ?.trim()
    .replace(/^\.+$/, '');
  return (base || fallback).slice(0, 200);
}

/** RFC 5987 / RFC 8187 percent-encoding of a UTF-8 value (attr-char is kept as is). */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition of a file: `attachment` (download) or `inline`, with the name as an
 * ASCII `filename` (other characters become `_`) and, for any name that plain ASCII cannot
 * carry, the exact name in `filename*` (RFC 6266 / 5987), which browsers prefer.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const header = `${kind}; filename="${ascii}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}
