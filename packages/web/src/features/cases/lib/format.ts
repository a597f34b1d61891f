const LOCALES: Record<string, string> = { en: 'en-GB', nr: 'nb-NO', da: 'da-DK', de: 'de-DE' };
const locale = (language: string) => LOCALES[language] ?? language;

export const formatDateTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(locale(language), { dateStyle: 'medium' });

export const formatNumber = (value: number, language: string, fractionDigits = 0): string =>
  value.toLocaleString(locale(language), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
