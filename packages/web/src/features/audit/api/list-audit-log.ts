import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZListAuditLogResponse, type TAuditLogFilters } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const AUDIT_LOG_KEY = ['audit-log'] as const;

/** The filters as a query string: empty ones left out. */
export function auditQuery(filters: TAuditLogFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/** GET /v2/api/audit-log: one page of the store's audit log, newest first. */
export const listAuditLog = (filters: TAuditLogFilters, cursor: string | undefined, signal?: AbortSignal) => {
  const query = new URLSearchParams(auditQuery(filters));
  if (cursor) query.set('cursor', cursor);
  return http(`/v2/api/audit-log?${query.toString()}`, { signal }, ZListAuditLogResponse);
};

export const auditLogQuery = (filters: TAuditLogFilters) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_LOG_KEY, filters],
    queryFn: ({ pageParam, signal }) => listAuditLog(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAuditLog = (filters: TAuditLogFilters) => useInfiniteQuery(auditLogQuery(filters));
