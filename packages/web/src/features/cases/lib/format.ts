import { intlLocale } from '../../../lib/i18n';

export const formatDateTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(intlLocale(language), { dateStyle: 'medium' });

/** A short date (23.11.26, 23/11/26), where a list column has little room. */
export const formatShortDate = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(intlLocale(language), {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  });

/** How a language writes numbers: what groups the thousands and what comes before the decimals. */
export interface TNumberSeparators {
  group: string;
  decimal: string;
}

const separatorsByLocale = new Map<string, TNumberSeparators>();

/**
 * The separators of a UI language, as Intl writes 12 345,6 in it: `,` and `.` in English,
 * a no-break space (U+00A0) and `,` in Norwegian, `.` and `,` in Danish and German.
 */
export const numberSeparators = (language: string): TNumberSeparators => {
  const locale = intlLocale(language);
  let found = separatorsByLocale.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? '',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorsByLocale.set(locale, found);
  }
  return found;
};

/**
 * A number as the form's number inputs write it in the language: its decimal separator, the
 * thousands grouped when `isGrouped`, `fractionDigits` decimals (else those it has). The minus
 * is the one typed (`-`), not Intl's U+2212 of some languages, so the text matches the input.
 */
export const formatInputNumber = (
  value: number,
  language: string,
  { isGrouped = false, fractionDigits }: { isGrouped?: boolean; fractionDigits?: number } = {},
): string => {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  const parts = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  // 1e+21 and the like: no input holds those, so there is nothing to match.
  if (!parts) return text;
  const [, sign = '', whole = '', decimals] = parts;
  const { group, decimal } = numberSeparators(language);
  const grouped = isGrouped ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${grouped}${decimals === undefined ? '' : `${decimal}${decimals}`}`;
};

/**
 * The separators of a Mantine NumberInput in the language. A `.` typed (a numeric keypad's key,
 * an English habit) is also taken for the decimals where it means nothing else (Norwegian); where
 * it groups thousands (Danish, German) it stays that, so 1.500 typed there is 1 500, never 1,5.
 * Anything else typed between the digits (a plain space where U+00A0 groups) is dropped.
 */
export const numberInputSeparators = (language: string, isGrouped: boolean) => {
  const { group, decimal } = numberSeparators(language);
  return {
    decimalSeparator: decimal,
    thousandSeparator: isGrouped && group !== '' ? group : undefined,
    allowedDecimalSeparators: decimal !== '.' && group !== '.' ? [decimal, '.'] : [decimal],
  };
};
