// Dates and amounts written as the reader's language writes them (nb-NO for the product's `nr`,
// English as in Europe), from whole minor units and calendar dates, never through floating sums.
import type { TLanguage } from '@claimdesk/contracts';

const LOCALES: Record<TLanguage, string> = { en: 'en-GB', nr: 'nb-NO', da: 'da-DK', de: 'de-DE' };

export interface PdfFormat {
  /** 123456 → "1 234,56" (nr), "1,234.56" (en): the amount of minor units, 2 decimals. */
  amount: (minor: number) => string;
  /** "2026-11-26" → "26.11.2026" (nr, da, de), "26/11/2026" (en). */
  date: (isoDate: string) => string;
  /** A moment as date and time in the reader's time zone. */
  dateTime: (moment: Date) => string;
  /** A VAT rate in percent: 25 → "25 %" (nr), "25%" (en). */
  percent: (rate: number) => string;
  /** An exchange rate as its text ("11.734512") in the language's decimals. */
  decimal: (text: string) => string;
}

/**
 * Intl separates groups with a no-break space (U+00A0) or narrow one (U+202F) in nr, da and de;
 * a plain space reads the same and comes back as one when the PDF's text is read.
 */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export function pdfFormat(language: TLanguage, timeZone: string): PdfFormat {
  const locale = LOCALES[language];
  const groups = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const moment = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const decimalMark = language === 'en' ? '.' : ',';
  return {
    // Whole units and cents apart, so that no amount passes through a binary fraction.
    amount: (minor) => {
      const sign = minor < 0 ? '-' : '';
      const abs = Math.abs(minor);
      const whole = plainSpaces(groups.format(Math.trunc(abs / 100)));
      return `${sign}${whole}${decimalMark}${String(abs % 100).padStart(2, '0')}`;
    },
    date: (isoDate) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    dateTime: (at) => plainSpaces(moment.format(at)),
    percent: (rate) => plainSpaces(percent.format(rate / 100)),
    decimal: (text) => plainSpaces(decimal.format(Number(text))),
  };
}
