import {
  type TAuditLogEntry,
  type TAuditLogFilters,
  type TListAuditLogQuery,
  type TListAuditLogResponse,
} from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { auditLogBatch, type AuditKey, type AuditLogRow } from './audit-log.repository';

export const toAuditEntry = (row: AuditLogRow): TAuditLogEntry => ({
  ...row,
  at: row.at.toISOString(),
});

const keyOf = (row: AuditLogRow): AuditKey => ({ at: row.at.toISOString(), id: row.id });
const toKey = ([at, id]: [string, number]): AuditKey => ({ at, id });

/** A page of the store's log, newest first, with the cursor of the next page. */
export async function listAuditLog(db: TenantDb, query: TListAuditLogQuery): Promise<TListAuditLogResponse> {
  const { cursor, limit, ...filters } = query;
  const after = cursor === undefined ? null : toKey(decodeCursor(cursor));
  const rows = await auditLogBatch(db, filters, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toAuditEntry),
    nextCursor: rows.length > limit && last ? encodeCursor([keyOf(last).at, last.id]) : null,
  };
}

const BATCH = 1000;

/** Every entry matching `filters`, newest first, read in keyset batches as the CSV is written. */
export async function* auditLogEntries(db: TenantDb, filters: TAuditLogFilters): AsyncGenerator<AuditLogRow> {
  let after: AuditKey | null = null;
  for (;;) {
    const rows = await auditLogBatch(db, filters, after, BATCH);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = keyOf(last);
  }
}
