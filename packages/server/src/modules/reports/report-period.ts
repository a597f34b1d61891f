// A report's period as the statements take it: both ends filled in, as calendar days in the
// reader's time zone (UTC when none is given); the statements turn them into instants there.
import type { TReportBasis, TReportInterval, TReportPeriodQuery } from '@claimdesk/contracts';

export interface ReportRange {
  from: string;
  to: string;
  /** The day after `to`: its 00:00 in `timeZone` is the first instant outside the period. */
  endDay: string;
  /** The IANA zone whose days the period and the buckets are. */
  timeZone: string;
  interval: TReportInterval;
  basis: TReportBasis;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The calendar day of an instant in a time zone (en-CA writes YYYY-MM-DD). */
const dayIn = (date: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);

/** The first day of the month eleven months before `today`'s month: the last 12 months. */
const lastTwelveMonths = (today: string): string => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return day(d);
};

export function reportRange(
  query: TReportPeriodQuery & { interval?: TReportInterval; basis?: TReportBasis },
  now = new Date(),
): ReportRange {
  const timeZone = query.timeZone ?? 'UTC';
  const today = dayIn(now, timeZone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? lastTwelveMonths(to);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return {
    from,
    to,
    endDay: day(end),
    timeZone,
    interval: query.interval ?? 'month',
    basis: query.basis ?? 'created',
  };
}
