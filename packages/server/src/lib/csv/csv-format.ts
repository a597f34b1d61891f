// How one CSV cell and line are written for the reader's language, so that a spreadsheet opened in
// that language reads dates and amounts as dates and numbers (Excel and LibreOffice take the list
// separator and the decimal mark from the system's locale):
//   en        ,  2026-11-26  2026-11-26 14:05  1234.50
//   nr da de  ;  26.11.2026  26.11.2026 14:05  1234,50
// No thousands separators: a spreadsheet reads `1234,50` as a number in every one of these
// locales, `1.234,50` only in some. Fields are quoted per RFC 4180 (a separator, quote, CR or LF
// inside; quotes doubled), lines end in CRLF.
//
// Formula injection (OWASP "CSV Injection"): text that starts with = + - @ tab or CR gets a leading
// apostrophe, so a spreadsheet shows it as text instead of running it. Only text is guarded; the
// numbers, amounts and dates this module writes itself start with a digit or a minus sign that is
// ours. An importer of our own files takes the apostrophe off again (unguardCell).
import { unguardCsvCell, type TLanguage } from '@claimdesk/contracts';
import { zonedMinutes } from './zoned-time';

/** An amount in minor units (øre, cent), written with `scale` decimals: 123450 → 1234.50. */
export interface CsvMoney {
  readonly kind: 'money';
  readonly minor: number;
  readonly scale: number;
}
/** A calendar date, YYYY-MM-DD as the database writes it. */
export interface CsvDate {
  readonly kind: 'date';
  readonly date: string;
}
/** A moment, written as date and time (minutes) in the export's time zone. */
export interface CsvDateTime {
  readonly kind: 'dateTime';
  /** Milliseconds since 1970 (UTC). */
  readonly epochMs: number;
}

/** What a row may hold: text (guarded), numbers, amounts, dates; null and undefined are empty. */
export type CsvCell = string | number | bigint | null | undefined | CsvMoney | CsvDate | CsvDateTime;

export const csvMoney = (minor: number, scale = 2): CsvMoney => ({ kind: 'money', minor, scale });
export const csvDate = (date: string): CsvDate => ({ kind: 'date', date });
/** A moment from a Date, its epoch milliseconds, or an ISO 8601 text with a zone (`…Z`). */
export const csvDateTime = (value: Date | number | string): CsvDateTime => ({
  kind: 'dateTime',
  epochMs:
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime(),
});

/** How a language's spreadsheet reads a CSV. */
export interface CsvDialect {
  readonly language: TLanguage;
  readonly separator: ',' | ';';
  readonly decimal: '.' | ',';
  readonly dayFirst: boolean;
  /** The IANA time zone moments are written in. */
  readonly timeZone: string;
}

export function csvDialect(language: TLanguage, timeZone = 'UTC'): CsvDialect {
  const isEnglish = language === 'en';
  return {
    language,
    separator: isEnglish ? ',' : ';',
    decimal: isEnglish ? '.' : ',',
    dayFirst: !isEnglish,
    timeZone,
  };
}

/** Text a spreadsheet would take for a formula (or, with tab and CR, for the start of one). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that must be quoted: a separator of either dialect, a quote, a line break. */
const NEEDS_QUOTES = /[",;\r\n]/;

/** Text as a guarded, quoted-where-needed field. */
export function textField(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The text of a field an importer read from one of our files, without the formula guard. */
export const unguardCell = unguardCsvCell;

const pad2 = (n: number) => (n < 10 ? `0${String(n)}` : String(n));

/** YYYY-MM-DD as the dialect writes a date. */
function dateText(iso: string, dialect: CsvDialect): string {
  if (!dialect.dayFirst) return iso;
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

function moneyText(money: CsvMoney, dialect: CsvDialect): string {
  const { minor, scale } = money;
  if (!Number.isSafeInteger(minor)) throw new Error(`Not whole minor units: ${String(minor)}`);
  if (scale === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -scale)}${dialect.decimal}${digits.slice(-scale)}`;
}

function numberText(value: number, dialect: CsvDialect): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  // Exponent notation (1e21, 1e-7) is no number to a spreadsheet in a comma locale: write it out.
  const plain = !/e/i.test(text)
    ? text
    : Number.isInteger(value)
      ? BigInt(value).toString()
      : value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  return dialect.decimal === '.' ? plain : plain.replace('.', ',');
}

function dateTimeText(epochMs: number, dialect: CsvDialect): string {
  if (!Number.isFinite(epochMs)) return '';
  const local = new Date(epochMs + zonedMinutes(epochMs, dialect.timeZone) * 60_000);
  const date = `${String(local.getUTCFullYear())}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`;
  return `${dateText(date, dialect)} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
}

/** One cell as a field of the dialect. */
export function csvField(cell: CsvCell, dialect: CsvDialect): string {
  if (cell === null || cell === undefined) return '';
  switch (typeof cell) {
    case 'string':
      return textField(cell);
    case 'number':
      return numberText(cell, dialect);
    case 'bigint':
      return cell.toString();
    default:
      break;
  }
  switch (cell.kind) {
    case 'money':
      return moneyText(cell, dialect);
    case 'date':
      return dateText(cell.date, dialect);
    case 'dateTime':
      return dateTimeText(cell.epochMs, dialect);
  }
}

/** One row as a line of the dialect, CRLF included. */
export function csvLine(cells: readonly CsvCell[], dialect: CsvDialect): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) {
    if (i > 0) line += dialect.separator;
    line += csvField(cells[i], dialect);
  }
  return `${line}\r\n`;
}
