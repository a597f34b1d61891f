import { z } from 'zod';
import { ZReportBasis, ZReportInterval, ZReportPeriod, ZReportPeriodQuery } from './report-period';

/** GET /v2/api/reports/cases: the cases whose chosen date (created, closed, purchase) falls in the period. */
export const ZGetCaseReportQuery = ZReportPeriodQuery.extend({
  basis: ZReportBasis.optional(),
  interval: ZReportInterval.optional(),
});
export type TGetCaseReportQuery = z.infer<typeof ZGetCaseReportQuery>;

/** One bucket of the chosen date: the cases in it, and how many of them are closed by now. */
export const ZCaseBucket = z.object({
  start: z.string(),
  cases: z.number().int(),
  closed: z.number().int(),
  open: z.number().int(),
});
export type TCaseBucket = z.infer<typeof ZCaseBucket>;

/** Time to resolution (created to closed) of the closed cases of one workflow, supplier or agent. */
export const ZResolutionRow = z.object({
  /** The workflow, the supplier's id (as text) or the agent's username; null: none set. */
  key: z.string().nullable(),
  /** What the screen shows: the supplier's or agent's name; the workflow's key (the web names it). */
  label: z.string().nullable(),
  closed: z.number().int(),
  medianHours: z.number(),
  p90Hours: z.number(),
});
export type TResolutionRow = z.infer<typeof ZResolutionRow>;

export const ZGetCaseReportResponse = z.object({
  period: ZReportPeriod,
  basis: ZReportBasis,
  interval: ZReportInterval,
  totals: z.object({ cases: z.number().int(), closed: z.number().int(), open: z.number().int() }),
  buckets: z.array(ZCaseBucket),
  /** The period's cases still open, by workflow and status. */
  openByStatus: z.array(z.object({ workFlow: z.string(), status: z.string(), count: z.number().int() })),
  resolution: z.object({
    byWorkflow: z.array(ZResolutionRow),
    bySupplier: z.array(ZResolutionRow),
    byAgent: z.array(ZResolutionRow),
  }),
});
export type TGetCaseReportResponse = z.infer<typeof ZGetCaseReportResponse>;
