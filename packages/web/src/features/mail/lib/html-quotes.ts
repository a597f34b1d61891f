/** "On … wrote:" and its Nordic and German forms, alone on a line above a quote. */
export const ATTRIBUTION =
  /^(?:on\b.{3,200}\bwrote|den\b.{3,200}\bskrev|.{3,200}\bskrev(?: følgende)?|am\b.{3,200}\bschrieb|.{3,200}\bschrieb)\s*:$/i;

/** Reply and forward headers that mail clients put above the quoted mail. */
const QUOTE_CLASSES = [
  'gmail_quote',
  'yahoo_quoted',
  'moz-cite-prefix',
  'divRplyFwdMsg',
  'OutlookMessageHeader',
];

const SIGNATURE_LINES_TO_FOLD = 4;

const quoteRoots = (doc: Document): Element[] => {
  const selector = ['blockquote', ...QUOTE_CLASSES.map((name) => `.${name}`), '#divRplyFwdMsg'].join(',');
  const found = Array.from(doc.body.querySelectorAll(selector));
  // Only the outermost: a quote inside a folded quote goes with it.
  return found.filter((el) => !found.some((other) => other !== el && other.contains(el)));
};

/** The short line just before a quote that says who wrote it. */
const attributionBefore = (el: Element): Element | null => {
  let prev = el.previousElementSibling;
  while (prev?.tagName === 'BR') prev = prev.previousElementSibling;
  if (!prev) return null;
  const text = (prev.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 0 && text.length <= 300 && ATTRIBUTION.test(text) ? prev : null;
};

/** The text node "-- " that starts a signature, when what follows it is long. */
const longSignatureStart = (doc: Document): Node | null => {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/^\s*--\s*$/.test(node.textContent ?? '')) continue;
    const range = doc.createRange();
    range.setStartAfter(node);
    range.setEndAfter(doc.body.lastChild ?? node);
    const after = range.cloneContents();
    const lines = after.querySelectorAll('br,p,div,tr,li').length + 1;
    if (lines > SIGNATURE_LINES_TO_FOLD || (after.textContent ?? '').length > 240) return node;
  }
  return null;
};

/**
 * Finds the quoted history (blockquotes, the quote blocks of common mail clients and the
 * "On … wrote:" line above them) and a long signature after a "-- " line; removes them when
 * `fold` is set. Answers whether there was any.
 */
export const foldHtmlQuotes = (doc: Document, fold: boolean): boolean => {
  const roots = quoteRoots(doc);
  const signature = longSignatureStart(doc);
  if (!fold) return roots.length > 0 || signature !== null;
  for (const root of roots) {
    attributionBefore(root)?.remove();
    root.remove();
  }
  if (signature?.isConnected) {
    const range = doc.createRange();
    range.setStartBefore(signature);
    range.setEndAfter(doc.body.lastChild ?? signature);
    range.deleteContents();
  }
  return roots.length > 0 || signature !== null;
};
