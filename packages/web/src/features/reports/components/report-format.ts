import { intlLocale } from '../../../lib/i18n';

/** Number formatters in the UI language. */
export function reportFormat(language: string, currency: string | null = null) {
  const locale = intlLocale(language);
  const count = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const money = currency
    ? new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 })
    : null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    count: (n: number) => count.format(n),
    hours: (h: number | null) => (h === null ? '–' : decimal.format(h)),
    percent: (rate: number | null) => (rate === null ? '–' : pct.format(rate)),
    money: (minor: number) => (money ? money.format(minor / 100) : decimal.format(minor / 100)),
    /** A bucket's label: its month, or its first day. */
    bucket: (start: string, interval: string) =>
      (interval === 'month' ? month : date).format(new Date(`${start}T00:00:00Z`)),
  };
}
export type TReportFormat = ReturnType<typeof reportFormat>;
