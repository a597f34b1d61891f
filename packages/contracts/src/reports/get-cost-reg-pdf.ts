import { z } from 'zod';
import { ZDateOnly } from '../cases/case';
import { ZIdText } from '../common';
import { codedIssue } from '../field-issues';
import { ZLanguage } from '../languages';
import { ZTimeZone } from '../time-zone';

/** The longest period one supplier statement covers, in days (a leap year and a day over). */
export const COST_PDF_MAX_DAYS = 366;

/** Days from `from` to `to`, both YYYY-MM-DD, counting both ends (2026-01-01..2026-01-01 is 1). */
export const periodDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Labels, dates and amounts of a PDF in this language; without it, the signed-in user's own
 * language (their preference), else the store's.
 */
const ZPdfLanguage = ZLanguage.optional();

/** The IANA time zone whose calendar days the PDF's dates are (the browser's); UTC without it. */
const ZPdfTimeZone = ZTimeZone.optional();

/** GET /v2/api/reports/get-cost-reg-pdf/{id}: the cost report of case {id} (a PDF). */
export const ZGetCaseCostPdfParams = z.object({ id: ZIdText });
export const ZGetCaseCostPdfQuery = z.object({ lang: ZPdfLanguage, tz: ZPdfTimeZone });
export type TGetCaseCostPdfQuery = z.infer<typeof ZGetCaseCostPdfQuery>;

/**
 * GET /v2/api/reports/get-cost-reg-pdf?fromDate&toDate&supplier: the supplier statement of a
 * period (a PDF), for administrators and managers. It lists the cases created from `fromDate`
 * to `toDate` (both included, calendar days in `tz`) that have costs or credit notes, with
 * what was claimed from the supplier, credited and outstanding; `supplier` (an id of a supplier
 * the store uses) narrows it to that supplier's cases. At most COST_PDF_MAX_DAYS days.
 */
export const ZGetCostRegPdfQuery = z
  .object({
    fromDate: ZDateOnly,
    toDate: ZDateOnly,
    supplier: ZIdText.optional(),
    lang: ZPdfLanguage,
    tz: ZPdfTimeZone,
  })
  .superRefine((value, ctx) => {
    if (value.toDate < value.fromDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'The end of the period cannot be before its start',
        ...codedIssue('date_before_start'),
      });
    } else if (periodDays(value.fromDate, value.toDate) > COST_PDF_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: `A period of at most ${String(COST_PDF_MAX_DAYS)} days`,
        ...codedIssue('period_too_long', { max: COST_PDF_MAX_DAYS }),
      });
    }
  });
export type TGetCostRegPdfQuery = z.infer<typeof ZGetCostRegPdfQuery>;
