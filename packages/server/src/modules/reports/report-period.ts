// A report's period as the statements take it: both ends filled in, and the instants (UTC) it
// runs from and up to, the day after `to` not included.
import type { TReportBasis, TReportInterval, TReportPeriodQuery } from '@claimdesk/contracts';

export interface ReportRange {
  from: string;
  to: string;
  /** `from` at 00:00 UTC. */
  fromInstant: string;
  /** The day after `to` at 00:00 UTC: the first instant outside the period. */
  endInstant: string;
  interval: TReportInterval;
  basis: TReportBasis;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

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
  const to = query.to ?? (query.from && query.from > day(now) ? query.from : day(now));
  const from = query.from ?? lastTwelveMonths(to);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return {
    from,
    to,
    fromInstant: `${from}T00:00:00.000Z`,
    endInstant: end.toISOString(),
    interval: query.interval ?? 'month',
    basis: query.basis ?? 'created',
  };
}
