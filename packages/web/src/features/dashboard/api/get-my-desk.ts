import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyDeskResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const getMyDesk = () => http('/v2/api/reports/my-desk', {}, ZMyDeskResponse);

export const myDeskQuery = (enabled = true) =>
  queryOptions({ queryKey: ['my-desk'], queryFn: getMyDesk, enabled, staleTime: 60_000 });

export const useMyDesk = (enabled = true) => useQuery(myDeskQuery(enabled));
