import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetUserByNameResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const getUserByName = (userName: string) =>
  http(`/v2/api/users/by-user-name?userName=${encodeURIComponent(userName)}`, {}, ZGetUserByNameResponse);

export const userByNameQuery = (userName: string | null) =>
  queryOptions({
    queryKey: ['users', 'by-user-name', userName],
    queryFn: () => getUserByName(userName ?? ''),
    enabled: userName !== null,
  });

export const useUserByName = (userName: string | null) => useQuery(userByNameQuery(userName));
