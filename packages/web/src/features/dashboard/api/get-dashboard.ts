import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDashboardResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const getDashboard = () => http('/v2/api/reports/dashboard', {}, ZDashboardResponse);

export const dashboardQuery = (enabled = true) =>
  queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard, enabled, staleTime: 60_000 });

export const useDashboard = (enabled = true) => useQuery(dashboardQuery(enabled));
