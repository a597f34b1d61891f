import type { TMailAddress, TMailLog } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';

/** "Name <address>", or the address alone. */
export const formatAddress = (address: TMailAddress): string =>
  address.name ? `${address.name} <${address.address}>` : address.address;

export const formatAddresses = (list: TMailAddress[]): string => list.map(formatAddress).join(', ');

/** Who a mail is from, shortly: the name, else the address. */
export const senderName = (mail: Pick<TMailLog, 'from'>, unknown: string): string =>
  mail.from?.name || mail.from?.address || unknown;

/** When a mail was sent or received, for sorting and showing. */
export const mailTime = (mail: Pick<TMailLog, 'sentAt' | 'receivedAt' | 'createdAt'>): string =>
  mail.receivedAt ?? mail.sentAt ?? mail.createdAt;

/** A date and time in the UI language. */
export const formatMailTime = (iso: string, language: string, isShort = false): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(
    intlLocale(language),
    isShort
      ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
};

/** The first line of the mail's text, for a collapsed mail. */
export const snippet = (mail: Pick<TMailLog, 'text' | 'html'>, length = 140): string => {
  const source =
    mail.text ??
    (mail.html ? new DOMParser().parseFromString(mail.html, 'text/html').body.textContent : '') ??
    '';
  return source
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, length);
};
