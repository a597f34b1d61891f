import { intlLocale } from '../../../lib/i18n';

export const formatDateTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(intlLocale(language), { dateStyle: 'medium' });

export const formatNumber = (value: number, language: string, fractionDigits = 0): string =>
  value.toLocaleString(intlLocale(language), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
