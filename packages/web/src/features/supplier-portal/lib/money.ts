import { intlLocale } from '../../../lib/i18n';

/** Minor units as money in the UI language: 12345, NOK → "kr 123,45" in Norwegian. */
export const formatMinor = (minor: number, currency: string, language: string): string =>
  new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(minor / 100);

/** The decimal separator the UI language types (a comma in nr, da and de), for NumberInput. */
export const decimalSeparatorOf = (language: string): string =>
  new Intl.NumberFormat(intlLocale(language)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
  '.';

/** An amount typed in major units (123.45) as whole minor units; the input allows 2 decimals. */
export const toMinor = (major: number): number => Math.round(major * 100);

/** A time in the UI language, date and hour. */
export const formatWhen = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
