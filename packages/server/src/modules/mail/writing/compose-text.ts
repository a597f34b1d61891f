import type { TLanguage } from '@claimdesk/contracts';
import sanitizeHtml from 'sanitize-html';
import type { StoredAddress } from '../../../db/schema';
import { sanitiseMailHtml } from '../common/mail-html';
import type { MailRow } from './compose.repository';

/** The words of a quote, in the mail's language (they go to the customer, not to the screen). */
const WORDS: Record<
  TLanguage,
  {
    wrote: (date: string, who: string) => string;
    forwarded: string;
    from: string;
    date: string;
    subject: string;
    to: string;
  }
> = {
  en: {
    wrote: (date, who) => `On ${date}, ${who} wrote:`,
    forwarded: '---------- Forwarded message ----------',
    from: 'From',
    date: 'Date',
    subject: 'Subject',
    to: 'To',
  },
  nr: {
    wrote: (date, who) => `${date} skrev ${who}:`,
    forwarded: '---------- Videresendt melding ----------',
    from: 'Fra',
    date: 'Dato',
    subject: 'Emne',
    to: 'Til',
  },
  da: {
    wrote: (date, who) => `${date} skrev ${who}:`,
    forwarded: '---------- Videresendt meddelelse ----------',
    from: 'Fra',
    date: 'Dato',
    subject: 'Emne',
    to: 'Til',
  },
  de: {
    wrote: (date, who) => `Am ${date} schrieb ${who}:`,
    forwarded: '---------- Weitergeleitete Nachricht ----------',
    from: 'Von',
    date: 'Datum',
    subject: 'Betreff',
    to: 'An',
  },
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML paragraphs' content: escaped, line breaks kept. */
export const textToHtml = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** The text version of mail HTML: blocks and breaks become new lines, tags go, entities are read. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|table|ul|ol)>/gi, '\n');
  const bare = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return bare
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const hasPrefix = (subject: string, prefixes: RegExp) => prefixes.test(subject);

/** "Re: " before the answered mail's subject, unless it already starts with a reply prefix. */
export const replySubject = (subject: string): string =>
  hasPrefix(subject, /^\s*(re|sv|aw|antw)\s*:/i) ? subject.trim() : `Re: ${subject.trim()}`;

/** "Fwd: " before the forwarded mail's subject, unless it already starts with a forward prefix. */
export const forwardSubject = (subject: string): string =>
  hasPrefix(subject, /^\s*(fwd?|vs|wg|vb)\s*:/i) ? subject.trim() : `Fwd: ${subject.trim()}`;

const addressText = (a: StoredAddress | null) => (a ? (a.name ? `${a.name} <${a.address}>` : a.address) : '');
const LOCALES: Record<TLanguage, string> = { en: 'en-GB', nr: 'nb-NO', da: 'da-DK', de: 'de-DE' };
/**
 * When the quoted mail was written, as the mail's language writes dates ("lør. 28. november 2026,
 * 15:00 UTC"), not the English of toUTCString() inside a Norwegian line.
 */
const mailDate = (mail: MailRow, language: TLanguage) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(mail.sentAt ?? mail.receivedAt ?? mail.createdAt);
const senderOf = (mail: MailRow) =>
  mail.fromAddress ? { ...(mail.fromName && { name: mail.fromName }), address: mail.fromAddress } : null;

/** A stored mail's body as HTML (sanitised again: it is sent out in our name). */
const bodyHtml = (mail: MailRow) => (mail.html ? sanitiseMailHtml(mail.html) : textToHtml(mail.text ?? ''));
const bodyText = (mail: MailRow) => mail.text ?? (mail.html ? htmlToText(mail.html) : '');

const QUOTE_STYLE = 'margin:0 0 0 0.8ex;border-left:1px solid #ccc;padding-left:1ex';

/** The answered mail, quoted under "On …, … wrote:". */
export function replyQuote(mail: MailRow, language: TLanguage): { html: string; text: string } {
  const line = WORDS[language].wrote(mailDate(mail, language), addressText(senderOf(mail)));
  const quoted = bodyText(mail)
    .split(/\r?\n/)
    .map((l) => `> ${l}`.trimEnd())
    .join('\n');
  return {
    html: `<p>${escapeHtml(line)}</p><blockquote style="${QUOTE_STYLE}">${bodyHtml(mail)}</blockquote>`,
    text: `${line}\n${quoted}`,
  };
}

/** The forwarded mail under its headers (From, Date, Subject, To). */
export function forwardQuote(mail: MailRow, language: TLanguage): { html: string; text: string } {
  const words = WORDS[language];
  const headers: [string, string][] = [
    [words.from, addressText(senderOf(mail))],
    [words.date, mailDate(mail, language)],
    [words.subject, mail.subject],
    [words.to, mail.to.map(addressText).join(', ')],
  ];
  const htmlHeaders = headers.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join('<br>');
  return {
    html: `<p>${escapeHtml(words.forwarded)}<br>${htmlHeaders}</p>${bodyHtml(mail)}`,
    text: `${words.forwarded}\n${headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${bodyText(mail)}`,
  };
}
