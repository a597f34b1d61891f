import { intlLocale } from '../../../../lib/i18n';

/**
 * A mail's time in the list, in the UI language: the time of day for today's mail, the day and
 * month for this year's, the full date before that.
 */
export const formatListTime = (iso: string | null, language: string, now = new Date()): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  const isToday = date.toDateString() === now.toDateString();
  if (isToday) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (date.getFullYear() === now.getFullYear())
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
};

/** The full date and time, for a tooltip or the reading pane. */
export const formatFullTime = (iso: string | null, language: string): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeStyle: 'short' }).format(
    date,
  );
};
