import { BLOCKED_SRC, isTrackingPixel } from './tracking-pixel';
import { foldHtmlQuotes } from './html-quotes';

export interface TSrcdocOptions {
  /** The server's sanitised HTML. */
  html: string;
  /** Put blocked remote images back (never tracking pixels). */
  showRemoteImages: boolean;
  /** Show the quoted history and a long signature. */
  showQuoted: boolean;
  /** data: URLs of the mail's inline images, by Content-ID (without angle brackets). */
  inlineImages: Readonly<Record<string, string>>;
}

export interface TSrcdoc {
  srcdoc: string;
  /** Whether some of the mail was folded away (or could be). */
  hasQuoted: boolean;
  /** How many remote images would load on "Show images". */
  remoteImageCount: number;
  /** A guess at the frame's height for what is shown, until the frame measures it. */
  height: number;
}

/** The frame's own policy: nothing loads but inline styles, data: fonts and images (and https: images once allowed). */
export const frameCsp = (allowRemoteImages: boolean): string =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${allowRemoteImages ? ' https:' : ''}`,
    'font-src data:',
    "form-action 'none'",
  ].join('; ');

/** Keeps wide mail (fixed-width tables, large images) inside the pane. */
const FRAME_STYLE =
  'html,body{margin:0;overflow-wrap:anywhere;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.45;color:#1f2328}' +
  'body{padding:2px}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}' +
  'blockquote{margin:0 0 0 .6em;padding-left:.6em;border-left:2px solid #d0d7de;color:#57606a}';

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Content-IDs are written `<id>` in headers and `cid:id` in HTML. */
export const cidKey = (contentId: string) => contentId.trim().replace(/^<|>$/g, '').toLowerCase();

const restoreImages = (doc: Document, options: TSrcdocOptions): number => {
  let remote = 0;
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    const blocked = img.getAttribute(BLOCKED_SRC);
    const src = img.getAttribute('src') ?? '';
    if (blocked !== null) {
      const isPixel = isTrackingPixel(img);
      const isSafe = /^https?:\/\//i.test(blocked) && !isPixel;
      if (isSafe) remote += 1;
      if (isPixel) {
        img.remove();
      } else if (options.showRemoteImages && isSafe) {
        // Over https only: the frame's policy allows no plain http (mixed content anyway).
        img.setAttribute('src', blocked.replace(/^http:/i, 'https:'));
        img.removeAttribute(BLOCKED_SRC);
      }
    } else if (/^cid:/i.test(src)) {
      const url = options.inlineImages[cidKey(decodeURIComponent(src.slice(4)))];
      if (url) img.setAttribute('src', url);
      else img.removeAttribute('src');
    }
  }
  return remote;
};

/**
 * The document the sandboxed frame shows: a strict Content-Security-Policy, a small style that
 * keeps the mail inside its pane, links that open outside the frame, and the mail's HTML with
 * its inline images filled in and its remote images restored only when the reader allowed them.
 * Parsing with DOMParser runs nothing and loads nothing.
 */
export const buildSrcdoc = (options: TSrcdocOptions): TSrcdoc => {
  const doc = new DOMParser().parseFromString(options.html, 'text/html');
  const remoteImageCount = restoreImages(doc, options);
  const hasQuoted = foldHtmlQuotes(doc, !options.showQuoted);
  const csp = frameCsp(options.showRemoteImages);
  const head =
    '<meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">` +
    '<meta name="referrer" content="no-referrer">' +
    '<base target="_blank">' +
    `<style>${FRAME_STYLE}</style>`;
  return {
    srcdoc: `<!doctype html><html><head>${head}</head><body>${doc.body.innerHTML}</body></html>`,
    hasQuoted,
    remoteImageCount,
    height: estimateFrameHeight(doc.body),
  };
};

/**
 * A height for the frame, guessed from what it shows: it holds the mail's place until the frame
 * has drawn the mail and measured it.
 */
export const estimateFrameHeight = (body: HTMLElement, width = 720): number => {
  const chars = (body.textContent ?? '').replace(/\s+/g, ' ').length;
  const perLine = Math.max(30, Math.floor(width / 7.5));
  const blocks = body.querySelectorAll('p,div,br,li,tr,h1,h2,h3,h4,blockquote').length;
  const images = Array.from(body.querySelectorAll('img')).reduce((sum, img) => {
    if (!img.getAttribute('src')) return sum + 20;
    const height = Number(img.getAttribute('height'));
    return sum + (Number.isFinite(height) && height > 0 ? Math.min(height, 400) : 160);
  }, 0);
  const estimate = Math.ceil(chars / perLine) * 21 + blocks * 12 + images + 32;
  return Math.min(Math.max(estimate, 96), 720);
};
