import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListUsersResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const USERS_LIST_KEY = ['users', 'list'] as const;

export const listUsers = (search: string) =>
  http(`/v2/api/users${search ? `?search=${encodeURIComponent(search)}` : ''}`, {}, ZListUsersResponse);

export const usersQuery = (search: string, enabled = true) =>
  queryOptions({
    queryKey: [...USERS_LIST_KEY, search],
    queryFn: () => listUsers(search),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: string, enabled = true) => useQuery(usersQuery(search, enabled));
