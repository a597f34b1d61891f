import { z } from 'zod';
import { ZText } from '../text';
import { ZAuditLogFilters } from './audit-log-filters';

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 200;

/**
 * GET /v2/api/audit-log?action=&actor=&target=&from=&to=&timeZone=&cursor=&limit=: the store's
 * audit log, newest first, for its administrators (password users only). Paging is by keyset:
 * pass the answer's `nextCursor` as `cursor` with the same filters. The log is append-only: no
 * route changes or deletes an entry; entries older than AUDIT_LOG_RETENTION_DAYS are purged.
 */
export const ZListAuditLogQuery = ZAuditLogFilters.safeExtend({
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_PAGE_SIZE).default(AUDIT_LOG_PAGE_SIZE),
});
export type TListAuditLogQuery = z.infer<typeof ZListAuditLogQuery>;
export type TListAuditLogQueryInput = z.input<typeof ZListAuditLogQuery>;

/** What an entry says changed: values before and after (secrets masked), and facts of the action. */
export const ZAuditChanges = z.object({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type TAuditChanges = z.infer<typeof ZAuditChanges>;

/** One administrative action: who (a username, `operator` for the command line), when, from where, what. */
export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC, milliseconds. */
  at: z.string(),
  actor: z.string(),
  /** The client address; null from the command line. */
  actorAddress: z.string().nullable(),
  /** One of AUDIT_ACTIONS (an entry written before an action was renamed keeps its old name). */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  changes: ZAuditChanges,
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZListAuditLogResponse = z.object({
  items: z.array(ZAuditLogEntry),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TListAuditLogResponse = z.infer<typeof ZListAuditLogResponse>;
