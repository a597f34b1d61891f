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

export const formatNumber = (value: number, language: string, fractionDigits = 0): string =>
  value.toLocaleString(intlLocale(language), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
