import { ATTRIBUTION } from './html-quotes';

export interface TTextSegment {
  kind: 'text' | 'quote' | 'signature';
  text: string;
}

const SIGNATURE_LINES_TO_FOLD = 4;

/**
 * Splits a plain-text mail into what the writer wrote and what may fold: runs of `>`-quoted
 * lines (with the "On … wrote:" line above them) and a signature after a "-- " line when it is
 * longer than a few lines. Replies written between quotes stay visible.
 */
export const splitMailText = (text: string): TTextSegment[] => {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const segments: TTextSegment[] = [];
  const push = (kind: TTextSegment['kind'], line: string) => {
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += `\n${line}`;
    else segments.push({ kind, text: line });
  };
  for (const [i, line] of lines.entries()) {
    if (/^--\s?$/.test(line) && lines.length - i - 1 > SIGNATURE_LINES_TO_FOLD) {
      segments.push({ kind: 'signature', text: lines.slice(i).join('\n') });
      break;
    }
    const isQuote = line.startsWith('>');
    const isAttribution =
      !isQuote &&
      ATTRIBUTION.test(line.trim()) &&
      (lines[i + 1]?.startsWith('>') || lines[i + 2]?.startsWith('>'));
    push(isQuote || isAttribution ? 'quote' : 'text', line);
  }
  return segments;
};

export interface TTextPart {
  text: string;
  href?: string;
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+|\bmailto:[^\s<>"']+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gi;

/** Cuts the punctuation that usually ends a sentence rather than a link. */
const trimLink = (raw: string): string => raw.replace(/[.,;:!?)\]}'"]+$/, '');

/** Splits text into plain parts and links (web addresses and mail addresses). */
export const linkify = (text: string): TTextPart[] => {
  const parts: TTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = trimLink(match[0]);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href =
      raw.includes('://') || raw.startsWith('mailto:')
        ? raw
        : raw.startsWith('www.')
          ? `https://${raw}`
          : `mailto:${raw}`;
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
};
