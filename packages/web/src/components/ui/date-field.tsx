import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nb';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

interface DateFormat {
  /** dayjs locale of the calendar's month and day names. */
  locale: string;
  /** The format typed and shown. */
  format: string;
}
const ENGLISH: DateFormat = { locale: 'en-gb', format: 'DD/MM/YYYY' };
/** Each UI language's date format; English for any other. */
const DATE_FORMATS: Record<string, DateFormat> = {
  en: ENGLISH,
  nr: { locale: 'nb', format: 'DD.MM.YYYY' },
  da: { locale: 'da', format: 'DD.MM.YYYY' },
  de: { locale: 'de', format: 'DD.MM.YYYY' },
};
const ISO_DATE = 'YYYY-MM-DD';
const formatOf = (language: string) => DATE_FORMATS[language] ?? ENGLISH;

/** Reads a typed date in the language's format (leading zeros optional) or as YYYY-MM-DD. */
export function parseTypedDate(input: string, language: string): string | null {
  const { format } = formatOf(language);
  const loose = format.replace('DD', 'D').replace('MM', 'M');
  const date = dayjs(input.trim(), [format, loose, ISO_DATE], true);
  return date.isValid() ? date.format(ISO_DATE) : null;
}

/**
 * A stored date (`YYYY-MM-DD`) as the date field shows it in the language: 23.11.2026 in
 * Norwegian, Danish and German, 23/11/2026 in English. A value that is no such date is given back
 * as it is.
 */
export function formatStoredDate(value: string, language: string): string {
  const date = dayjs(value, ISO_DATE, true);
  return date.isValid() ? date.format(formatOf(language).format) : value;
}

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'ref'> & {
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A date field in the UI language: typed and shown in its format (23.11.2026 in Norwegian,
 * Danish and German; 23/11/2026 in English), with a calendar in its month and day names, weeks
 * from Monday. The value stays `YYYY-MM-DD`, as the API takes it. (A native date input follows
 * the browser's language instead, whatever the user chose.)
 *
 * The calendar opens when the user points at the field or types in it, not on a focus alone:
 * a form focuses the first field with an error, and the calendar would cover the form and the
 * message under the field. Enter (typing done, the form may be saved) shuts it for the same reason.
 */
export function DateField({
  value,
  onChange,
  popoverProps,
  onPointerDown,
  onInput,
  onKeyDown,
  onBlur,
  clearButtonProps,
  ...rest
}: Props) {
  const { t, i18n } = useTranslation('common');
  const { locale, format } = formatOf(i18n.language);
  const [isCalendarWanted, setCalendarWanted] = useState(false);
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DateInput
        {...rest}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={format}
        clearButtonProps={{ 'aria-label': t('actions.clearDate'), ...clearButtonProps }}
        placeholder={rest.placeholder ?? format}
        dateParser={(input) => parseTypedDate(input, i18n.language)}
        popoverProps={isCalendarWanted ? popoverProps : { ...popoverProps, opened: false }}
        onPointerDown={(e) => {
          setCalendarWanted(true);
          onPointerDown?.(e);
        }}
        onInput={(e) => {
          setCalendarWanted(true);
          onInput?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') setCalendarWanted(false);
          onKeyDown?.(e);
        }}
        onBlur={(e) => {
          setCalendarWanted(false);
          onBlur?.(e);
        }}
      />
    </DatesProvider>
  );
}
