import type { TAuditLogFilters } from '@claimdesk/contracts';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** Where a page or batch starts: after this entry in (at, id) order, newest first. */
export interface AuditKey {
  at: string;
  id: number;
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start of `day` in `timeZone`, as PostgreSQL reads it (daylight saving included). */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${timeZone}`;

function filtersOf(filters: TAuditLogFilters): (SQL | undefined)[] {
  const zone = filters.timeZone ?? 'UTC';
  const { action, actor, target, from, to } = filters;
  return [
    action ? eq(auditLog.action, action) : undefined,
    actor ? ilike(auditLog.actor, containing(actor)) : undefined,
    target
      ? or(
          ilike(auditLog.targetId, containing(target)),
          sql`lower(${auditLog.targetType}) = lower(${target})`,
        )
      : undefined,
    from ? sql`${auditLog.at} >= ${startOfDay(from, zone)}` : undefined,
    // `to` is counted whole: up to the start of the next day.
    to ? sql`${auditLog.at} < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone})` : undefined,
  ];
}

/**
 * Up to `limit` entries of the store's log matching `filters`, newest first, after `after`
 * (audit_log_at_idx and audit_log_action_idx serve the order and the action filter).
 */
export function auditLogBatch(
  db: TenantDb,
  filters: TAuditLogFilters,
  after: AuditKey | null,
  limit: number,
) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actor,
      actorAddress: auditLog.actorAddress,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(
      and(
        ...filtersOf(filters),
        after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

export type AuditLogRow = Awaited<ReturnType<typeof auditLogBatch>>[number];
