import sanitizeHtml from 'sanitize-html';

/** The attribute a blocked remote image keeps its address in, until the reader allows remote images. */
export const BLOCKED_SRC_ATTRIBUTE = 'data-blocked-src';

const SAFE_STYLE_VALUE = /^(?!.*(?:url\s*\(|expression\s*\(|javascript:|@import|\\)).*$/i;
const styleProperties = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'text-transform',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'white-space',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-collapse',
  'border-radius',
  'width',
  'max-width',
  'min-width',
  'height',
  'max-height',
  'display',
  'list-style-type',
];

const isRemote = (src: string) => /^\s*(?:https?:)?\/\//i.test(src);

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'del', 'ins', 'big'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', BLOCKED_SRC_ATTRIBUTE],
    td: ['colspan', 'rowspan', 'bgcolor'],
    th: ['colspan', 'rowspan', 'bgcolor'],
    table: ['border', 'cellpadding', 'cellspacing', 'bgcolor'],
    font: ['color', 'face', 'size'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['cid', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(styleProperties.map((name) => [name, [SAFE_STYLE_VALUE]])) },
  // Dropped with everything inside them: their text is not mail content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed'],
  transformTags: {
    // Remote images would tell the sender the mail was read: their address moves to a data
    // attribute the reader's "show images" turns back into src.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      if (src && isRemote(src)) return { tagName, attribs: { ...rest, [BLOCKED_SRC_ATTRIBUTE]: src.trim() } };
      return { tagName, attribs: src ? { ...rest, src } : rest };
    },
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/**
 * Mail HTML made safe to show: no scripts, event handlers, forms, frames, style sheets, or
 * remote content (remote images are blocked, `cid:` images of the mail's own inline
 * attachments stay). Run when a mail is stored and again when it is served.
 */
export function sanitiseMailHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const outgoingOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedSchemesByTag: { img: ['cid', 'data', 'http', 'https'] },
  transformTags: { ...options.transformTags, img: (tagName, attribs) => ({ tagName, attribs }) },
};

/**
 * HTML that staff write, made safe to send: as sanitiseMailHtml, except that remote images (a
 * logo in a signature) stay, since the sender chose them. A quoted mail's blocked images stay
 * blocked. Shown in the app, the mail goes through sanitiseMailHtml like any other.
 */
export function sanitiseOutgoingHtml(html: string): string {
  return sanitizeHtml(html, outgoingOptions);
}
