import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListRolesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const listRoles = () => http('/v2/api/users/roles', {}, ZListRolesResponse);

export const rolesQuery = (enabled = true) =>
  queryOptions({ queryKey: ['users', 'roles'], queryFn: listRoles, enabled, staleTime: 10 * 60_000 });

export const useRoles = (enabled = true) => useQuery(rolesQuery(enabled));
