import { z } from 'zod';
import { ZTimeZone } from '../time-zone';
import { ZCaseListRow } from './list-cases';

/** GET /v2/api/reports/dashboard?timeZone=: weeks are cut at Monday 00:00 in the reader's time zone (UTC without one). */
export const ZDashboardQuery = z.object({ timeZone: ZTimeZone.optional() });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

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

/** A case counts as late on the desk when nobody has changed it for this many days. */
export const MY_DESK_LATE_DAYS = 7;

const ZDeskList = z.object({ count: z.number().int(), rows: z.array(ZCaseListRow) });

/**
 * GET /v2/api/reports/my-desk: the caller's own open cases (assigned to them, not archived nor
 * closed), those of them not updated for `lateDays` days, and those with unread mail.
 */
export const ZMyDeskResponse = z.object({
  lateDays: z.number().int(),
  open: ZDeskList,
  late: ZDeskList,
  unread: ZDeskList,
});
export type TMyDeskResponse = z.infer<typeof ZMyDeskResponse>;
