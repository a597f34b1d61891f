import { z } from 'zod';
import { ZDateOnly } from '../cases/case';
import { codedIssue } from '../field-issues';
import { ZLanguage } from '../languages';
import { ZTimeZone } from '../time-zone';

/** The longest period a report covers: three years (1,096 days, a leap day included). */
export const REPORT_PERIOD_MAX_DAYS = 1096;

/** The date a case counts by in the case and supplier figures. */
export const REPORT_BASES = ['created', 'closed', 'purchase'] as const;
export const ZReportBasis = z.enum(REPORT_BASES);
export type TReportBasis = z.infer<typeof ZReportBasis>;

/** The buckets of a report's counts over time (weeks start on Monday; all in UTC). */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export const ZReportInterval = z.enum(REPORT_INTERVALS);
export type TReportInterval = z.infer<typeof ZReportInterval>;

export const PERIOD_REVERSED = 'The period ends before it starts';
export const PERIOD_TOO_LONG = `A period is at most ${String(REPORT_PERIOD_MAX_DAYS)} days (3 years)`;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is one day). */
export const reportPeriodDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * A report's period, both days counted, as calendar days in `timeZone` (the reader's, so that a
 * mail at 00:30 in Oslo counts on its own day; UTC without it). Either end left out: the period
 * ends today and starts on the first day of the month eleven months earlier (the last 12 months).
 */
export const ZReportPeriodQuery = z
  .object({
    from: ZDateOnly.optional(),
    to: ZDateOnly.optional(),
    timeZone: ZTimeZone.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = reportPeriodDays(q.from, q.to);
    if (days < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: PERIOD_REVERSED,
        ...codedIssue('date_before_start'),
      });
    else if (days > REPORT_PERIOD_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: PERIOD_TOO_LONG,
        ...codedIssue('period_too_long', { max: REPORT_PERIOD_MAX_DAYS }),
      });
  });
export type TReportPeriodQuery = z.infer<typeof ZReportPeriodQuery>;

/** The period a report answers for, its ends filled in. */
export const ZReportPeriod = z.object({ from: z.string(), to: z.string() });
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

/** The languages a report's CSV is written for (separator, decimals and dates as its spreadsheet reads them). */
export const ZReportCsvQuery = z.object({ language: ZLanguage.optional() });
