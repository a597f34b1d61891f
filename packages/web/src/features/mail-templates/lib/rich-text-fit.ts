/** The tags the rich text editor keeps (StarterKit, Link and Image), each with the attributes it keeps. */
const KEPT: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  strike: [],
  del: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
};

/**
 * Whether the rich text editor would drop part of this body: tags or attributes it does not keep
 * (tables, div, span, style...), comments, or line breaks of a plain text.
 */
export const losesFormatting = (html: string): boolean => {
  if (!html.trim()) return false;
  if (!html.includes('<')) return /\n/.test(html.trim());
  const root = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) return true;
    const element = node as Element;
    const kept = KEPT[element.tagName.toLowerCase()];
    if (!kept) return true;
    if (element.getAttributeNames().some((name) => !kept.includes(name))) return true;
  }
  return false;
};
