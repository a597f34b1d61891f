import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListAssigneesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const listAssignees = () => http('/v2/api/claims/assignees', {}, ZListAssigneesResponse);

export const assigneesQuery = () =>
  queryOptions({ queryKey: ['cases', 'assignees'], queryFn: listAssignees, staleTime: 5 * 60_000 });

export const useAssignees = () => useQuery(assigneesQuery());
