import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListAssigneesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export const listAssignees = () => http('/v2/api/claims/assignees', {}, ZListAssigneesResponse);

export const assigneesQuery = () =>
  queryOptions({ queryKey: ['cases', 'assignees'], queryFn: listAssignees, staleTime: 5 * 60_000 });

/** The store's staff, for staff only: a one-time-code contact is refused the list (403). */
export const useAssignees = () =>
  useQuery({ ...assigneesQuery(), enabled: useSession().grantType === 'password' });
