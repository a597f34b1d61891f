import type { TAuditLogFilters } from '@claimdesk/contracts';
import { auditQuery } from './list-audit-log';

/** GET /v2/api/exports/audit-log: the log as filtered now, as CSV (the server records the download). */
export const AUDIT_LOG_CSV_PATH = '/v2/api/exports/audit-log';

/** The export's parameters and file name for the filters on screen. */
export const auditLogCsv = (filters: TAuditLogFilters) => ({
  path: AUDIT_LOG_CSV_PATH,
  params: auditQuery(filters),
  fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
});
