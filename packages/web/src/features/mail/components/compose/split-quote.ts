/**
 * A reply's prefilled HTML is the person's part (a template's text, or nothing) followed by the
 * quote of the answered mail: a paragraph "On …, … wrote:" and a blockquote. Splits the two, so
 * the editor holds only what the person writes and the quote folds below it; joined again when
 * the mail is saved or sent.
 */
export function splitQuote(html: string): { body: string; quote: string } {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const last = doc.body.lastElementChild;
  const line = last?.previousElementSibling;
  if (last?.tagName !== 'BLOCKQUOTE' || line?.tagName !== 'P') return { body: html, quote: '' };
  const quote = line.outerHTML + last.outerHTML;
  line.remove();
  last.remove();
  // The server joins the parts with a <br>.
  const body = doc.body.innerHTML.replace(/(<br\s*\/?>)+$/i, '');
  return { body, quote };
}

export const joinQuote = (body: string, quote: string): string => (quote ? `${body}<br>${quote}` : body);
