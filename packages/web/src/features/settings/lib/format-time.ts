import { intlLocale } from '../../../lib/i18n';

/** A date and time in the UI language, for the mailbox cards (last fetch, failing since). */
export const formatTime = (iso: string | null, language: string): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
};
