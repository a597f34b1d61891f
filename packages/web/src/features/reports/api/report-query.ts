import type { TReportBasis, TReportInterval } from '@claimdesk/contracts';
import { browserTimeZone } from '../../../lib/time-zone';

/** What the /reports screen asks for: the period, the date cases count by, the buckets. */
export interface TReportFilter {
  from: string;
  to: string;
  basis: TReportBasis;
  interval: TReportInterval;
}

export const REPORTS_KEY = ['reports', 'screen'] as const;

/**
 * The query string of a report call (the mail report takes no basis; the server ignores it), with
 * the browser's time zone: the days, weeks and months are the reader's.
 */
export const reportSearch = (filter: TReportFilter, extra: Record<string, string> = {}): string =>
  new URLSearchParams({ ...filter, timeZone: browserTimeZone(), ...extra }).toString();
