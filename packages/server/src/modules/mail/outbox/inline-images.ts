import { randomUUID } from 'node:crypto';

/** A picture of the text sent as a related part, named by its Content-ID. */
export interface InlinePart {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

const DATA_IMAGE = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)\2/gi;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' };

/**
 * Pictures pasted into a mail's text arrive as data: URLs, which many mail programs (Gmail,
 * Outlook) do not show. Each becomes a related part with a Content-ID, and its <img> points at
 * `cid:` instead; the stored HTML (for the thread) keeps the data: URL.
 */
export function inlineDataImages(html: string): { html: string; parts: InlinePart[] } {
  const parts: InlinePart[] = [];
  const rewritten = html.replace(
    DATA_IMAGE,
    (_match, start: string, quote: string, type: string, data: string) => {
      const cid = `${randomUUID()}@claimdesk`;
      const contentType = type.toLowerCase();
      const extension = EXTENSION[contentType] ?? contentType.split('/')[1] ?? 'img';
      parts.push({
        cid,
        filename: `image-${String(parts.length + 1)}.${extension}`,
        contentType,
        content: Buffer.from(data.replace(/\s+/g, ''), 'base64'),
      });
      return `${start}${quote}cid:${cid}${quote}`;
    },
  );
  return { html: rewritten, parts };
}
