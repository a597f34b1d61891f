import { z } from 'zod';
import { ZCaseListRow } from './list-cases';

/** GET /v2/api/reports/dashboard: the figures behind the dashboard tiles, for open (not archived) cases. */
export const ZDashboardResponse = z.object({
  openByStatus: z.array(z.object({ workFlow: z.string(), status: z.string(), count: z.number().int() })),
  /** One entry per week (Monday), oldest first, as many as the dashboard configuration's `weeks`. */
  perWeek: z.array(z.object({ weekStart: z.string(), created: z.number().int(), closed: z.number().int() })),
  oldestOpen: z.array(ZCaseListRow),
  myCases: z.object({
    open: z.number().int(),
    unread: z.number().int(),
    rows: z.array(ZCaseListRow),
  }),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
