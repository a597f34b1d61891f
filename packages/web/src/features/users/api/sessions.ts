import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZListSessionsResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** Ends this browser's session on the server, so its token is refused even if it was copied. */
export const signOutOnServer = () => http('/v2/api/sign-out', { method: 'POST', responseType: 'none' });

/** Ends every session of the signed-in person, this one included. */
export const signOutEverywhere = () =>
  http('/v2/api/sign-out-everywhere', { method: 'POST', responseType: 'none' });

export const listSessions = () => http('/v2/api/sessions', {}, ZListSessionsResponse);

export const SESSIONS_KEY = ['users', 'sessions'] as const;

export const sessionsQuery = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQuery());

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
