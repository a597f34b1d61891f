import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDashboardResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { browserTimeZone } from '../../../lib/time-zone';

/** The weeks are the reader's: cut at Monday 00:00 in the browser's time zone. */
export const getDashboard = () =>
  http(
    `/v2/api/reports/dashboard?${new URLSearchParams({ timeZone: browserTimeZone() }).toString()}`,
    {},
    ZDashboardResponse,
  );

export const dashboardQuery = (enabled = true) =>
  queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard, enabled, staleTime: 60_000 });

export const useDashboard = (enabled = true) => useQuery(dashboardQuery(enabled));
